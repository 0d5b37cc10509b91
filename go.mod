module github.com/compaudit/compaudit

go 1.26.8

require github.com/mattn/go-isatty v0.0.20

require golang.org/x/sys v0.38.0 // indirect

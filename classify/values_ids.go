package classify

import (
	"strconv"
	"strings"
)

// versionLike reads v18.2, 1.4.2, 1.19.x, go1.22, postgres:18.2, node@20,
// requests==2.31.0 (the name before the separator is the version's key).
func (sc *scanner) versionLike(i int) bool {
	w := sc.words[i].t
	if strings.ContainsAny(w, "=<>~@:") {
		for _, sep := range []string{"==", ">=", "<=", "~=", "@", ":"} {
			if sc.versionAfter(i, w, sep) {
				return true
			}
		}
	}
	lw := strings.ToLower(w)
	return sc.gluedVersion(i, w, lw) || sc.bareVersion(i, w, lw)
}

// minDigest: an algorithm-named digest ("sha256:...", "md5:...") is at least this many
// hex digits.
const minDigest = 16

// versionAfter reads name<sep>version in w (and, for ":", a file position or a
// host:port). It reports whether it emitted a token.
func (sc *scanner) versionAfter(i int, w, sep string) bool {
	p := strings.Index(w, sep)
	if p <= 0 || p+len(sep) >= len(w) {
		return false
	}
	name, ver := w[:p], w[p+len(sep):]
	if !isLetter(name[0]) || strings.ContainsAny(name, "/") || !isDigit(strings.TrimLeft(ver, "vV")[0]) {
		return false
	}
	if sep == ":" && isPath(name) {
		// file.go:305 or file.go:305:12: a position in a file, not a value
		sc.emitPart(i, 0, p, Token{Kind: TokPath, Norm: "path:" + strings.ToLower(name)})
		return true
	}
	if sep == ":" && len(ver) >= minDigest && strings.Trim(strings.ToLower(ver), "0123456789abcdef") == "" && !hexLetterless(ver) {
		// sha256:9f86d0...: a digest named by its algorithm (the digest is the value)
		sc.emitPart(i, p+1, len(w), Token{Kind: TokHash, Norm: "hash:" + strings.ToLower(ver), Key: strings.ToLower(name)})
		return true
	}
	if sep == ":" && (strings.Contains(name, ".") || strings.EqualFold(name, "localhost") || !strings.Contains(ver, ".") && len(ver) >= 4 && hexLetterless(ver)) {
		// host:port
		port, _ := strconv.ParseFloat(ver, 64)
		sc.emitPart(i, p+1, len(w), Token{Kind: TokPort, Norm: "num:" + ver, Num: port, Family: "count", Key: strings.ToLower(name)})
		return true
	}
	if t, ok := versionOf(ver); ok {
		t.Key = strings.ToLower(name)
		sc.emitPart(i, p+len(sep), len(w), t)
		return true
	}
	return false
}

// gluedVersion reads go1.22, python3.11: a name glued to its version (lw is w lowered).
func (sc *scanner) gluedVersion(i int, w, lw string) bool {
	j := 0
	for j < len(lw) && isLetter(lw[j]) {
		j++
	}
	if j > 0 && j < len(lw) && j <= 8 && lw[j-1] != 'v' {
		if t, ok := versionOf(lw[j:]); ok && strings.Contains(lw[j:], ".") {
			t.Key = lw[:j]
			sc.emitPart(i, j, len(w), t)
			return true
		}
	}
	return false
}

// bareVersion reads v18.2, 1.4.2, 1.19.x: a version on its own (lw is w lowered).
func (sc *scanner) bareVersion(i int, w, lw string) bool {
	if t, ok := versionOf(w); ok && (lw[0] == 'v' || strings.Count(w, ".") >= 2 || strings.HasSuffix(lw, ".x") || strings.HasSuffix(lw, ".*")) {
		t.Key = sc.keyBefore(i)
		sc.emit(i, i, t)
		return true
	}
	return false
}

// versionOf reads v?N(.N)*(.x)?(-suffix)? as a whole word.
func versionOf(w string) (Token, bool) {
	s := strings.TrimLeft(w, "vV")
	if s == "" || !isDigit(s[0]) || len(w)-len(s) > 1 {
		return Token{}, false
	}
	core, suffix := s, ""
	if p := strings.IndexAny(s, "-+"); p > 0 {
		core, suffix = s[:p], strings.ToLower(s[p:])
	}
	parts := strings.Split(core, ".")
	for k, p := range parts {
		if p == "" {
			return Token{}, false
		}
		if (p == "x" || p == "X" || p == "*") && k == len(parts)-1 && k > 0 {
			continue
		}
		for q := 0; q < len(p); q++ {
			if !isDigit(p[q]) {
				return Token{}, false
			}
		}
	}
	if len(parts) > 5 {
		return Token{}, false
	}
	return Token{Kind: TokVersion, Norm: "ver:" + strings.ToLower(core) + suffix, Prec: len(parts)}, true
}

var fileExts = map[string]bool{"go": true, "md": true, "txt": true, "json": true, "yaml": true, "yml": true, "toml": true, "py": true,
	"js": true, "ts": true, "tsx": true, "jsx": true, "rs": true, "java": true, "kt": true, "c": true, "h": true, "cc": true, "cpp": true,
	"hpp": true, "rb": true, "php": true, "sh": true, "sql": true, "csv": true, "xml": true, "html": true, "css": true, "scss": true,
	"lock": true, "mod": true, "sum": true, "cfg": true, "ini": true, "conf": true, "env": true, "tf": true, "proto": true, "swift": true,
	"cs": true, "fs": true, "vue": true, "svelte": true, "lua": true, "zig": true, "ex": true, "exs": true, "erl": true, "hs": true,
	"ml": true, "r": true, "jl": true, "dart": true, "gradle": true, "jsonl": true, "log": true, "pem": true, "crt": true, "key": true,
	"png": true, "jpg": true, "svg": true, "pdf": true, "zip": true, "gz": true, "tar": true, "wasm": true, "so": true, "dll": true,
	"exe": true, "db": true, "sqlite": true, "parquet": true, "ipynb": true, "rst": true, "adoc": true, "tex": true, "bib": true, "nix": true,
	"dockerfile": true, "service": true, "timer": true, "plist": true, "xcconfig": true, "gitignore": true, "mdx": true,
	// (more of what people keep in repositories: variants of the above, assets, builds)
	"jsonc": true, "json5": true, "pyi": true, "pyx": true, "mjs": true, "cjs": true, "mts": true, "cts": true, "kts": true,
	"scala": true, "groovy": true, "clj": true, "cljs": true, "edn": true, "elm": true, "nim": true, "ps1": true, "zsh": true,
	"bzl": true, "cmake": true, "csproj": true, "sln": true, "xaml": true, "tfvars": true, "hcl": true, "graphql": true,
	"gql": true, "prisma": true, "tmpl": true, "tpl": true, "j2": true, "erb": true, "hbs": true, "tsv": true, "xlsx": true,
	"docx": true, "jpeg": true, "webp": true, "gif": true, "ico": true, "bmp": true, "tiff": true, "avif": true, "mp3": true,
	"mp4": true, "wav": true, "ogg": true, "webm": true, "ttf": true, "otf": true, "woff": true, "woff2": true, "bz2": true,
	"xz": true, "zst": true, "tgz": true, "jar": true, "whl": true, "apk": true, "dmg": true, "iso": true, "bin": true,
	"onnx": true, "pt": true, "npz": true, "npy": true, "avro": true, "orc": true, "tscn": true, "gd": true, "uasset": true}

var tlds = map[string]bool{"com": true, "net": true, "org": true, "io": true, "dev": true, "internal": true, "local": true, "cloud": true,
	"corp": true, "lan": true, "svc": true, "app": true, "ai": true, "co": true, "de": true, "uk": true, "fr": true, "eu": true}

// identifier reads hex literals, digests, ticket ids (ENT-108), paths, file names,
// hosts, env variables, key=value settings and words that mix letters and digits.
func (sc *scanner) identifier(i int) bool {
	w := sc.words[i].t
	lw := strings.ToLower(w)
	switch {
	case strings.HasPrefix(lw, "0x") && len(w) > 2 && isHex(w[2:]):
		sc.emit(i, i, Token{Kind: TokHex, Norm: "hex:" + lw})
	case len(w) >= 7 && isHex(w) && strings.ContainsAny(lw, "abcdef") && strings.ContainsAny(w, "0123456789"):
		sc.emit(i, i, Token{Kind: TokHash, Norm: "hash:" + lw})
	case strings.Contains(w, "=") && sc.setting(i):
	case isPath(w):
		sc.emit(i, i, Token{Kind: TokPath, Norm: "path:" + strings.TrimRight(lw, "/")})
	case isHost(lw):
		sc.emit(i, i, Token{Kind: TokHost, Norm: "host:" + lw})
	case ticketID(w):
		sc.emit(i, i, Token{Kind: TokID, Norm: "id:" + lw})
	case w[0] == '$' && len(w) > 1 && isLetter(w[1]):
		sc.emit(i, i, Token{Kind: TokID, Norm: "env:" + w})
	case mixedAlnum(w):
		sc.emit(i, i, Token{Kind: TokID, Norm: "id:" + lw})
	default:
		return false
	}
	return true
}

// setting reads name=value: the value is a token of its own keyed by the name.
func (sc *scanner) setting(i int) bool {
	w := sc.words[i].t
	p := strings.IndexByte(w, '=')
	if p <= 0 || p == len(w)-1 || !isLetter(w[0]) {
		return false
	}
	name, val := strings.ToLower(strings.TrimLeft(w[:p], "-")), w[p+1:]
	val = strings.Trim(val, `"'`)
	off := strings.Index(w[p+1:], val) + p + 1
	var t Token
	if v, dec, end, ok := numPrefix(val); ok && end == len(val) {
		t = Token{Kind: TokNumber, Norm: "num:" + fmtNum(v), Num: v, Prec: dec, Family: "count"}
	} else if x, ok := lookupQuantity(val); ok {
		t = x
	} else {
		t = Token{Kind: TokFlag, Norm: "set:" + name + "=" + strings.ToLower(val)}
	}
	t.Key = name
	sc.emitPart(i, off, off+len(val), t)
	return true
}

// lookupQuantity reads a glued quantity such as 30s or 512MiB.
func lookupQuantity(s string) (Token, bool) {
	v, dec, end, ok := numPrefix(s)
	if !ok || end == len(s) {
		return Token{}, false
	}
	if t, ok := compoundDuration(s); ok {
		return t, true
	}
	if u, ok := lookupUnit(s[end:], true); ok {
		return quantity(v, dec, strings.ToLower(s[end:]), u, ""), true
	}
	return Token{}, false
}

// IsPath reports whether w, one word, reads as a path or a file name ("view.go",
// "cmd/api", "/etc/hosts").
func IsPath(w string) bool { return isPath(w) }

func isPath(w string) bool {
	if strings.Contains(w, "/-") {
		return false // "Serif-Regular/-Italic/-Bold.otf": a shorthand for several names, not a path
	}
	if rooted(w) {
		return len(w) > 2 && hasLetter(w)
	}
	last := w
	if p := strings.LastIndexByte(w, '/'); p >= 0 {
		last = w[p+1:]
	}
	if dot := strings.LastIndexByte(last, '.'); dot > 0 && dot < len(last)-1 {
		ext := strings.ToLower(last[dot+1:])
		if fileExts[ext] && hasLetter(last[:dot]) {
			return true
		}
	}
	if strings.Count(w, "/") >= 2 && hasLetter(w) && !strings.Contains(w, "//") {
		return true
	}
	if strings.Count(w, "/") == 1 {
		a, b, _ := strings.Cut(w, "/")
		// docs/plans, cmd/entire, src/lib-x: a path; and/or, read/write, TCP/UDP: not
		return a != "" && b != "" && hasLetter(a) && hasLetter(b) && (strings.ContainsAny(w, "_-.") || a == strings.ToLower(a) && b == strings.ToLower(b) && len(a) > 3 && len(b) > 3 && !commonWord[a] && !commonWord[b] && !wordAlternatives(a, b))
	}
	return false
}

// rooted: w starts at a root or a home or working directory (/, ./, ~/, ../).
func rooted(w string) bool {
	return strings.HasPrefix(w, "/") || strings.HasPrefix(w, "./") || strings.HasPrefix(w, "~/") || strings.HasPrefix(w, "../")
}

// commonWord: words that pair with a slash in prose ("and/or", "read/write").
// wordAlternatives: two words written as alternatives, not a folder and its entry:
// one holds the other ("collapsing/uncollapsing", "install/uninstall") or both end
// alike ("compaction/summarization", "parsing/rendering").
func wordAlternatives(a, b string) bool {
	if strings.Contains(a, b) || strings.Contains(b, a) {
		return true
	}
	for _, suf := range []string{"ing", "tion", "sion", "ment", "ness", "ize", "ise", "ity", "able", "ed"} {
		if strings.HasSuffix(a, suf) && strings.HasSuffix(b, suf) {
			return true
		}
	}
	return false
}

var commonWord = map[string]bool{"read": true, "write": true, "true": true, "false": true, "open": true, "close": true, "input": true,
	"output": true, "start": true, "stop": true, "push": true, "pull": true, "yes": true, "client": true, "server": true, "user": true,
	"admin": true, "line": true, "word": true, "file": true, "folder": true, "build": true, "test": true, "dev": true, "prod": true, "this": true, "that": true, "with": true, "without": true}

func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if isLetter(s[i]) {
			return true
		}
	}
	return false
}

func isHost(lw string) bool {
	if strings.Count(lw, ".") < 1 || strings.ContainsAny(lw, "/@()") {
		return false
	}
	tld := lw[strings.LastIndexByte(lw, '.')+1:]
	return tlds[tld] && isLetter(lw[0])
}

// ticketID: PROJ-123, SEC-0412, gpu-07, INC-2291-3.
func ticketID(w string) bool {
	a, b, ok := strings.Cut(w, "-")
	if !ok || a == "" || b == "" || len(a) > 12 {
		return false
	}
	for k := 0; k < len(a); k++ {
		if !isLetter(a[k]) && !isDigit(a[k]) {
			return false
		}
	}
	return isLetter(a[0]) && isDigit(b[0]) && strings.Trim(b, "0123456789-") == ""
}

// mixedAlnum: a word that mixes letters and digits (sha256, m246, e2e, k8s).
func mixedAlnum(w string) bool {
	if len(w) < 3 {
		return false
	}
	l, d := false, false
	for k := 0; k < len(w); k++ {
		switch c := w[k]; {
		case isLetter(c):
			l = true
		case isDigit(c):
			d = true
		case c == '_' || c == '-' || c == '.':
		default:
			return false
		}
	}
	return l && d
}

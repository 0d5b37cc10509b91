package judge

import "testing"

func TestWordCount(t *testing.T) {
	cases := []struct {
		text     string
		min, max int
	}{
		{"Never force-push to main.", 4, 4},
		{"不要修改 db/migrate 目录下的迁移文件。", 6, 9},
		{"db/migrate のマイグレーションファイルは絶対に変更しないでください。", 12, 20},
		{"ok", 1, 1},
	}
	for _, c := range cases {
		if n := wordCount(c.text); n < c.min || n > c.max {
			t.Errorf("wordCount(%q) = %d, want %d..%d", c.text, n, c.min, c.max)
		}
	}
}

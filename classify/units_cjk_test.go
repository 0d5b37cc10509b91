package classify

import "testing"

// Durations written with Japanese or Chinese units, spaced, glued or followed by a
// particle, read as durations; a bare 分 (a fraction, "3分の1") does not.
func TestCJKDurations(t *testing.T) {
	cases := []struct {
		text string
		want float64 // seconds; 0 when no duration is read
	}{
		{"ポンプの再起動間隔は 500 秒にする。", 500},
		{"ポンプの再起動間隔は 500ミリ秒。", 0.5},
		{"窑炉预热需要 45 分钟。", 2700},
		{"バックアップは 6 時間ごと。", 21600},
		{"タンクの 3分の1 が空いている。", 0},
	}
	for _, c := range cases {
		got := 0.0
		for _, tk := range Values(c.text) {
			if tk.Kind == TokDuration {
				got = tk.Num
			}
		}
		if got != c.want {
			t.Errorf("%q: duration %v s, want %v (%+v)", c.text, got, c.want, Values(c.text))
		}
	}
}

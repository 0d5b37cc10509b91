package classify

import "testing"

// TestResolveOptions: a choice made by an option's label reaches the option.
func TestResolveOptions(t *testing.T) {
	type msg struct{ role, text string }
	cases := []struct {
		name string
		msgs []msg
		item string // text the option fact starts with
		want string
	}{
		{"rejected by label in the same message",
			[]msg{{"assistant", "Options:\nA. Shard the queue by tenant.\nB. Raise the visibility timeout to 15 minutes.\nRejecting B: it hides stuck jobs for too long.\nI recommend A."}},
			"B. Raise", StatusRejected},
		{"recommended by label",
			[]msg{{"assistant", "Options:\nA. Shard the queue by tenant.\nB. Raise the visibility timeout to 15 minutes.\nI recommend A."}},
			"A. Shard", StatusChosen},
		{"picked by the user's reply",
			[]msg{{"assistant", "Two ways:\n(a) store the report as JSON\n(b) store it as rendered HTML"}, {"user", "(a) json please, we can render later"}},
			"(a) store", StatusChosen},
		{"ruled out by option number",
			[]msg{{"assistant", "Option 3: pin the base image by digest.\nOption 4: rebuild nightly from latest."}, {"user", "go with option 3 and not option 4"}},
			"Option 4", StatusRejected},
		{"a numbered step list is no option list",
			[]msg{{"assistant", "1. Run the migration.\n2. Restart the API."}, {"user", "not 2 yet"}},
			"Restart the API", ""},
		{"a numbered option list, one ruled out by its number",
			[]msg{{"assistant", "Options:\n1. Rotate the key tonight.\n2. Rotate it after the freeze.\n3. Keep the old key and add a second one."}, {"user", "Forget 3, two keys confuse the clients."}},
			"Keep the old key", StatusRejected},
		{"a numbered option list, one picked by its number",
			[]msg{{"assistant", "Options:\n1. Rotate the key tonight.\n2. Rotate it after the freeze."}, {"user", "Go with 2."}},
			"Rotate it after", StatusChosen},
		{"a numbered option list, one picked by 'do N'",
			[]msg{{"assistant", "Options:\n1. Add a kiln-sensor integration test.\n2. Refactor the firing scheduler."}, {"user", "yes, do 1"}},
			"Add a kiln-sensor", StatusChosen},
		{"'do N things' picks nothing",
			[]msg{{"assistant", "Options:\n1. Add a kiln-sensor integration test.\n2. Refactor the firing scheduler."}, {"user", "do 2 retries on the sensor read before failing"}},
			"Refactor the firing", ""},
		{"no choice named",
			[]msg{{"assistant", "Options:\nA. Shard the queue by tenant.\nB. Raise the visibility timeout."}, {"user", "Let me think about it over lunch."}},
			"B. Raise", ""},
	}
	for _, c := range cases {
		var fs []Fact
		for k, m := range c.msgs {
			fs = append(fs, Extract(string(rune('a'+k)), m.role, m.text)...)
		}
		ResolveOptions(fs)
		found := false
		for _, f := range fs {
			if len(f.Text) >= len(c.item) && f.Text[:len(c.item)] == c.item {
				found = true
				if f.Status.Choice != c.want {
					t.Errorf("%s: %q has choice %q, want %q", c.name, f.Text, f.Status.Choice, c.want)
				}
			}
		}
		if !found {
			t.Errorf("%s: no fact starts with %q", c.name, c.item)
		}
	}
}

// "No X: reason" rules X out when X is a name; "No errors", "No, thanks" rule out nothing.
func TestNoPrefixedRejects(t *testing.T) {
	for text, want := range map[string]bool{
		"No drive.readonly: it's restricted and needs the yearly assessment.": true,
		"No `--force`, ever.":              true,
		"No maxSurge (it breaks the PDB).": true,
		"No errors so far.":                false,
		"No, that's fine.":                 false,
		"No tests cover this path.":        false,
		"Now drive.readonly is allowed.":   false,
	} {
		fs := Extract("m", "user", text)
		got := len(fs) > 0 && fs[0].Status.Choice == StatusRejected
		if got != want {
			t.Errorf("%q: rejected = %v, want %v", text, got, want)
		}
	}
}

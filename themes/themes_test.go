package themes

import (
	"fmt"
	"testing"
)

var allFamilies = []string{Omission, Mutation, Addition, EpistemicCollapse, ProvenanceLoss}

func TestEveryThemeMarksEveryFamilyByGlyphAndColour(t *testing.T) {
	for _, name := range Names() {
		th, err := ByName(name)
		if err != nil {
			t.Fatal(err)
		}
		glyphs, ascii, colours := map[string]bool{}, map[string]bool{}, map[string]bool{}
		for _, f := range allFamilies {
			m, ok := th.Family[f]
			if !ok || m.Glyph == "" || m.ASCII == "" || m.Label == "" {
				t.Fatalf("%s: family %s has no mark: %+v", name, f, m)
			}
			if glyphs[m.Glyph] || ascii[m.ASCII] {
				t.Errorf("%s: glyph of %s is not unique", name, f)
			}
			glyphs[m.Glyph], ascii[m.ASCII] = true, true
			if th.Mono {
				if m.Color != nil {
					t.Errorf("mono theme colours %s", f)
				}
				continue
			}
			if m.Color == nil {
				t.Errorf("%s: %s has no colour", name, f)
				continue
			}
		}
		for _, f := range allFamilies {
			if m := th.Family[f]; m.Color != nil {
				key := colourString(m)
				if colours[key] {
					t.Errorf("%s: two families share colour %s", name, key)
				}
				colours[key] = true
			}
		}
		for _, s := range []string{"verbatim", "paraphrased", "dropped", "retired", "pending", "unknown"} {
			if m := th.StateMark(s); m.Glyph == "" || m.Glyph == "?" {
				t.Errorf("%s: state %s has no glyph", name, s)
			}
		}
		// the glyphs agree with the HTML report's
		want := map[string]string{Omission: "−", Mutation: "~", Addition: "+", EpistemicCollapse: "!", ProvenanceLoss: "?"}
		for f, g := range want {
			if th.Family[f].Glyph != g {
				t.Errorf("%s: %s glyph %q, want %q", name, f, th.Family[f].Glyph, g)
			}
		}
	}
}

func colourString(m Mark) string {
	return fmt.Sprint(m.Color)
}

func TestResolve(t *testing.T) {
	env := func(vars map[string]string, dark bool) Env {
		return Env{Getenv: func(k string) string { return vars[k] }, HasDark: func() bool { return dark }}
	}
	cases := []struct {
		name string
		vars map[string]string
		dark bool
		want string
	}{
		{"auto", nil, true, "dark"},
		{"auto", nil, false, "light"},
		{"", nil, false, "light"},
		{"light", nil, true, "light"},
		{"high-contrast", nil, false, "high-contrast"},
		{"mono", nil, true, "mono"},
		{"auto", map[string]string{"NO_COLOR": "1"}, true, "mono"},
		{"dark", map[string]string{"NO_COLOR": "1"}, true, "mono"},
	}
	for _, c := range cases {
		th, err := Resolve(c.name, env(c.vars, c.dark))
		if err != nil || th.Name != c.want {
			t.Errorf("Resolve(%q, %v, dark=%v) = %q, %v; want %q", c.name, c.vars, c.dark, th.Name, err, c.want)
		}
	}
	if _, err := Resolve("solarized", env(nil, true)); err == nil {
		t.Error("unknown theme accepted")
	}
	// a detector that panics (no terminal) falls back to dark
	th, err := Resolve("auto", Env{Getenv: func(string) string { return "" }, HasDark: func() bool { panic("no tty") }})
	if err != nil || th.Name != "dark" {
		t.Errorf("panicking detector: %q %v", th.Name, err)
	}
}

func TestASCIIGlyphs(t *testing.T) {
	th := Dark()
	th.ASCII = true
	if g := th.Glyph(th.FamilyMark(Omission)); g != "-" {
		t.Errorf("ASCII omission glyph %q", g)
	}
	st := NewStyles(th)
	if st.FamilyGlyph(Omission) != "-" || st.StateGlyph("dropped") != "X" {
		t.Errorf("styles ignore ASCII")
	}
}

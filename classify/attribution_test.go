package classify

import "testing"

// Who a user relays: a name and where they are from, or a label that ends at a comma.
func TestRelayedAttribution(t *testing.T) {
	cases := []struct {
		text, kind string
	}{
		{`Ravi from payments says: "refunds over 500 EUR need a second approver."`, "person"},
		{`Security team rule, copied from the wiki: "no shared admin accounts on the bastion."`, "team"},
		{`The refunds over 500 EUR need a second approver, from now on.`, ""},
	}
	for _, c := range cases {
		fs := ExtractSource(Source{ID: "m", Role: "user", Text: c.text})
		if len(fs) == 0 || fs[0].Provenance.Source != c.kind {
			got := ""
			if len(fs) > 0 {
				got = fs[0].Provenance.Source
			}
			t.Errorf("%q: credited to %q, want %q", c.text, got, c.kind)
		}
	}
}

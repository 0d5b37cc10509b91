package classify

import "testing"

// An integer whose thousands are grouped by dots (German, Spanish, Portuguese) is the
// same integer written plain or with commas; a decimal or a different integer is not.
func TestDotGroupedEquivalent(t *testing.T) {
	tok := func(s string) Token { return firstValue(t, s) }
	cases := []struct {
		a, b string
		want bool
	}{
		{"der Ofen hält 1.250 Brote am Tag", "der Ofen hält 1250 Brote am Tag", true},
		{"se cargaron 48.217 filas", "se cargaron 48,217 filas", true},
		{"o lote tem 2.000.000 linhas", "o lote tem 2000000 linhas", true},
		{"die Drehzahl ist 9.500/min", "die Drehzahl ist 9500/min", true},
		{"die Spindel dreht 12.000/min", "die Spindel dreht 12000 min⁻¹", true},
		{"die Drehzahl ist 9.500/min", "die Drehzahl ist 9500 min", false},
		{"se cargaron 48.217 filas", "se cargaron 42.817 filas", false},
		{"se cargaron 48.217 filas", "se cargaron 4821 filas", false},
		{"the ratio is 1.5", "the ratio is 1500", false},
		{"der Ofen hält 1.250 Brote am Tag", "der Ofen hält 125 Brote am Tag", false},
	}
	for _, c := range cases {
		if got := Equivalent(tok(c.a), tok(c.b)); got != c.want {
			t.Errorf("Equivalent(%q, %q) = %v, want %v (%+v / %+v)", c.a, c.b, got, c.want, tok(c.a), tok(c.b))
		}
	}
}

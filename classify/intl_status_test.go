package classify

import "testing"

// Hedges, failures and explorations written in German, French, Spanish, Portuguese,
// Japanese and Chinese give a fact the status the English words give it.
func TestIntlStatus(t *testing.T) {
	cases := []struct {
		role, text string
		epistemic  string
		choice     string
	}{
		{"assistant", "Meine Vermutung: der Kompressor der Kühlzelle taktet zu oft.", StatusHypothesis, ""},
		{"assistant", "Hypothèse non vérifiée : la file d'impression bloque sur le pilote.", StatusHypothesis, ""},
		{"assistant", "Creo que el sensor de humedad está mal calibrado.", StatusHypothesis, ""},
		{"assistant", "仮説ですが、ポンプの電源が不安定です。", StatusHypothesis, ""},
		{"assistant", "Der Export nach S3 ist gescheitert, der Token war abgelaufen.", "", StatusTriedFailed},
		{"assistant", "La réplication a échoué sur le deuxième nœud.", "", StatusTriedFailed},
		{"assistant", "Se exploró el particionado por fecha para la tabla de pedidos.", "", StatusConsidered},
		{"assistant", "Foi avaliado o cache em memória para o catálogo.", "", StatusConsidered},
		{"assistant", "バッチサイズの変更も検討した。", "", StatusConsidered},
	}
	for _, c := range cases {
		fs := Extract("m1", c.role, c.text)
		if len(fs) == 0 {
			t.Fatalf("%q: no fact", c.text)
		}
		f := fs[0]
		if c.epistemic != "" && f.Status.Epistemic != c.epistemic || c.choice != "" && f.Status.Choice != c.choice {
			t.Errorf("%q: status %+v, want epistemic %q choice %q", c.text, f.Status, c.epistemic, c.choice)
		}
	}
}

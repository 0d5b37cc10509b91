package classify

import (
	"fmt"
	"os"
	"testing"
)

func TestZZFacts(t *testing.T) {
	txt := os.Getenv("ZT")
	if txt == "" {
		t.Skip()
	}
	role := os.Getenv("ZROLE")
	if role == "" {
		role = "summary"
	}
	for _, f := range Extract("m1", role, txt) {
		fmt.Printf("%+v\n", f.Scopes)
		for _, tk := range f.Tokens {
			fmt.Printf("   tok %s %q key=%q noun=%q\n", tk.Kind, tk.Raw, tk.Key, tk.Noun)
		}
		fmt.Printf("%q\n   prov=%+v act=%v origin=%s status=%+v mod=%+v neg=%v classes=%v quals=%v subj=%v\n", f.Text, f.Provenance, f.Act, f.Origin, f.Status, f.Modality, f.Negated, f.Classes, f.Qualifiers, f.Subjects)
	}
}

package classify

import "testing"

// TestAlgorithmDigest: "sha256:<hex>" is a digest, not a host and port; a host:port
// is still a port, and one changed digit makes another digest. Invented values.
func TestAlgorithmDigest(t *testing.T) {
	const d = "3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b"
	cases := []struct {
		text, kind, norm string
	}{
		{"pinned the image to sha256:" + d, TokHash, "hash:" + d},
		{"the md5:9e107d9d372bb6826bd81d3542a419d6 of the tarball", TokHash, "hash:9e107d9d372bb6826bd81d3542a419d6"},
		{"connect to db.internal:5432 first", TokPort, "num:5432"},
		{"serve on localhost:8080", TokPort, "num:8080"},
	}
	for _, c := range cases {
		var got *Token
		for _, tk := range Values(c.text) {
			if tk.Kind == c.kind {
				got = &tk
				break
			}
		}
		if got == nil || got.Norm != c.norm {
			t.Errorf("%q: want a %s %s, got %+v", c.text, c.kind, c.norm, Values(c.text))
		}
	}
	a, b := Values("sha256:" + d)[0], Values("sha256:" + d[:63] + "c")[0]
	if Equivalent(a, b) {
		t.Error("digests one digit apart read as one")
	}
}

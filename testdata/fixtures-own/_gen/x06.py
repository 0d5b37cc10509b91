from fx import *
CID = "x06-clean-latex-thesis-build"
M = dict(policy="uniform", model="claude-sonnet-4-5", target_tokens=2000, trigger="auto")
items = [
U("""My thesis stopped building on CI after I switched the bibliography to biblatex/biber. Locally it works. Please fix the GitHub Actions build.
Two rules: don't touch unithesis.cls, the graduate school compares its SHA-256 on submission. And the output must stay PDF/A-2b; the library's repository rejects anything else.
I'd rather stay on LuaLaTeX than switch engines."""),
A("Looking at the failing run and the build config."),
T("bash", """$ gh run view 12044871203 --log-failed | grep -E '^build.*(Error|!|Latexmk)' | head -6
build	Latexmk: applying rule 'lualatex'...
build	! Package fontspec Error: The font "Source Serif 4" cannot be found.
build	Latexmk: Errors, so I did not complete making targets
build	Latexmk: Summary of warnings from last run of *latex:
build	  Latex failed to resolve 3412 citation(s)
build	Error: Process completed with exit code 12."""),
T("bash", """$ cat .latexmkrc .github/workflows/thesis.yml | grep -vE '^\\s*#' | grep -E 'pdf_mode|lualatex|biber|image|run:'
$pdf_mode = 4;
$lualatex = 'lualatex -interaction=nonstopmode -file-line-error %O %S';
$biber = 'biber --validate-datamodel %O %S';
    container: texlive/texlive:TL2024-historic
      - run: latexmk thesis.tex"""),
A("""Two things in the log: fontspec can't find "Source Serif 4" in the container, and the 3412 unresolved citations are a consequence (biber never ran because lualatex aborted first). Locally the font comes from your system fonts; the TeX Live image has no copy."""),
T("bash", """$ docker run --rm texlive/texlive:TL2024-historic tlmgr search --global --file SourceSerif4 | head -3
tlmgr: package repository https://ftp.tu-chemnitz.de/pub/tug/historic/systems/texlive/2024/tlnet-final (verified)
$ docker run --rm texlive/texlive:TL2024-historic bash -c 'tlmgr install sourceserifpro >/dev/null 2>&1; fc-list | grep -ci "source serif 4"'
0"""),
A("""Installing it through tlmgr doesn't work: TeX Live 2024 only ships the older Source Serif Pro (sourceserifpro), and after installing that, fc-list still finds no "Source Serif 4". That route is a dead end. Next: vendor the OTF files into the repo and point fontspec at them."""),
T("bash", """$ mkdir -p fonts && cp ~/Library/Fonts/SourceSerif4-{Regular,It,Semibold,SemiboldIt}.otf fonts/ && ls fonts && grep -n 'setmainfont' preamble.tex
SourceSerif4-It.otf  SourceSerif4-Regular.otf  SourceSerif4-Semibold.otf  SourceSerif4-SemiboldIt.otf
12:\\setmainfont{Source Serif 4}"""),
T("edit_file", """preamble.tex line 12: \\setmainfont{Source Serif 4} -> \\setmainfont{SourceSerif4}[Path=./fonts/, Extension=.otf, UprightFont=*-Regular, ItalicFont=*-It, BoldFont=*-Semibold, BoldItalicFont=*-SemiboldIt]"""),
U("Fine to vendor them, the font is OFL. But again: leave unithesis.cls alone, even if it looks like the place to fix fonts."),
T("bash", """$ sha256sum unithesis.cls; git diff --stat
b41e7c0a93d5f2186c4e9a07d1b3f5e8c2a6d9e0f1b2c3d4e5f60718293a4b5c  unithesis.cls
 preamble.tex | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)"""),
T("bash", """$ git add fonts preamble.tex && git commit -qm "Vendor Source Serif 4 (OFL) for CI builds" && git push -q && gh run watch --exit-status | tail -3
✓ main thesis · 12045002118
Triggered via push less than a minute ago
JOBS ✓ build in 1m30s"""),
T("bash", """$ gh run download 12045002118 -n thesis-pdf -D /tmp/out && verapdf --flavour 2b --format text /tmp/out/thesis.pdf | tail -1 && pdfinfo /tmp/out/thesis.pdf | grep -E 'Pages|PDF version'
PASS /tmp/out/thesis.pdf 2b
Pages:          214
PDF version:    1.7"""),
A("""CI is green (1m30s): 214 pages, veraPDF says PASS for PDF/A-2b, unithesis.cls is unchanged (its SHA-256 still starts b41e7c0a). Biber resolved all 3412 citations this time."""),
T("bash", """$ grep -c 'Overfull \\\\hbox' /tmp/out/thesis.log; grep -m3 -B1 'Overfull \\\\hbox' /tmp/out/thesis.log | grep -o 'chapters/[^ ]*' | sort | uniq -c
17
      3 chapters/04-results.tex:"""),
A("""There are 17 overfull hbox warnings, the first ones in chapters/04-results.tex. I suspect it's the long URLs in that chapter's footnotes, which neither hyphenate nor break without the xurl package, but I haven't checked the lines. Leaving it; the build and PDF/A validation pass."""),
U("Leave the overfull boxes for now, I'll look at them when I revise chapter 4. And add a line to the README that the fonts are vendored."),
T("edit_file", """README.md: + "Fonts: Source Serif 4 (OFL) is vendored in fonts/ because the TeX Live image doesn't ship it; preamble.tex loads it by path." """),
A("README updated."),
CUT("""This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
Fixed the thesis CI build after the biblatex/biber switch by vendoring the body font.

Summary:
1. Primary Request and Intent:
   - Fix the GitHub Actions thesis build (texlive/texlive:TL2024-historic, latexmk with LuaLaTeX) that broke after moving the bibliography to biblatex/biber.
   - Constraints (stated by the user, and repeated when fonts came up): unithesis.cls must not be modified, because the graduate school checks its SHA-256 at submission; the PDF has to remain PDF/A-2b, the only thing the library's repository accepts.
   - Preference: keep LuaLaTeX rather than switching engines.

2. Key Technical Concepts:
   - fontspec loading fonts by path (Path=./fonts/, Extension=.otf); latexmk $pdf_mode = 4 (LuaLaTeX); veraPDF validation.

3. Files and Code Sections:
   - fonts/: SourceSerif4-Regular/-It/-Semibold/-SemiboldIt.otf, vendored (OFL licence, approved by the user).
   - preamble.tex line 12: \\setmainfont{SourceSerif4}[Path=./fonts/, ...] instead of the system font name.
   - README.md: note that the font is vendored because the TeX Live image lacks it.
   - unithesis.cls: untouched (SHA-256 b41e7c0a...).

4. Errors and fixes:
   - CI failure: fontspec Error 'The font "Source Serif 4" cannot be found'; the 3,412 unresolved citations were a knock-on effect (lualatex aborted before biber ran).
   - Tried installing via tlmgr: TL2024 only has the older Source Serif Pro, and with it installed fc-list still finds no Source Serif 4. Did not work; replaced by vendoring.

5. Problem Solving:
   - Run 12045002118 green in 90 s; thesis.pdf has 214 pages, PDF 1.7, veraPDF PASS (2b); biber resolved all 3,412 citations.
   - 17 overfull hbox warnings, first ones in chapters/04-results.tex. Unverified guess: long URLs in that chapter's footnotes that cannot break without xurl.

6. All user messages:
   - Build-fix request with the cls rule, the PDF/A-2b rule and the LuaLaTeX preference.
   - Vendoring the fonts is fine (OFL); leave unithesis.cls alone.
   - Leave the overfull boxes until the chapter 4 revision; note the vendored fonts in the README.

7. Pending Tasks:
   - None now; the overfull boxes wait for the user's chapter 4 revision.

8. Current Work:
   - README updated; build green.""", **M),
U("Perfect, thanks!"),
]
forbid = forbid_all(1, "")
whys = {
 "omission": "the cls rule (stated twice, merged into one with 'repeated'), the PDF/A-2b rule, the LuaLaTeX preference, the failed tlmgr attempt, the run id and the deferred overfull-box work are all kept",
 "mutation": "equal values in other forms: 3412 -> 3,412, 1m30s -> 90 s, 'TL2024' and 'TeX Live 2024' for the same image; the SHA-256 is shortened with '...' but not changed",
 "addition": "'did not work; replaced by vendoring' restates m6-m7; 'approved by the user' is m9; nothing new is asserted",
 "epistemic_collapse": "the URL explanation stays an 'unverified guess', the tlmgr route stays tried-and-failed, the overfull boxes stay open",
 "provenance_loss": "both rules and the engine preference stay the user's; the OFL approval is the user's; the guess stays the assistant's",
}
for x in forbid:
    x["why"] = whys[x["family"]]
build(CID, "Clean hard negative: LaTeX thesis CI fix summarised with heavy paraphrase, reordering, a merged duplicate rule, 3412 -> 3,412 and 1m30s -> 90 s, a kept tried-and-failed tlmgr attempt and a guess kept as a guess.",
      "sess-2e9b5c70-thesis-ci", "2026-11-29T20:05:00Z", items, [], forbid, [])

package audit

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"
)

// rwHtmlCSS is the stylesheet; the family rules come from FamilyStyles.
func rwHtmlCSS() string {
	var b strings.Builder
	b.WriteString(rwBaseCSS)
	for _, s := range FamilyStyles {
		fmt.Fprintf(&b, ".fam-%s{--fc:%s;--fi:%s;--ft:%s}\n", s.Family, s.Colour, s.Ink, s.Tint)
	}
	// Survival shading: a single-hue lightness ramp, darker as more is lost.
	ramp := []string{"#E9A88A", "#EDB398", "#F0BEA6", "#F2C8B4", "#F5D2C2", "#F7DCCF", "#F9E5DC", "#FBEDE7", "#FCF3EF", "#FEF9F7", "#FFFFFF"}
	for i, c := range ramp {
		fmt.Fprintf(&b, ".sv-%d{background:%s}\n", i, c)
	}
	grey := []string{"#D3D8DD", "#D9DDE2", "#DEE2E6", "#E3E6EA", "#E8EAED", "#ECEEF0", "#F0F2F4", "#F4F5F7", "#F8F9FA", "#FBFCFC", "#FFFFFF"}
	for i, c := range grey {
		fmt.Fprintf(&b, ".sg-%d{background:%s}\n", i, c)
	}
	for i := 0; i <= 100; i++ {
		fmt.Fprintf(&b, ".w%d{width:%d%%}.l%d{left:%d%%}\n", i, i, i, i)
	}
	return b.String()
}

const rwBaseCSS = `:root{--ink:#1b1f24;--muted:#57606a;--line:#d0d7de;--soft:#f6f8fa;--accent:#0072B2}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#fff;color:var(--ink);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:1180px;margin:0 auto;padding:28px 32px 48px}
h1{font-size:24px;margin:0 0 4px;letter-spacing:-.01em}
h2{font-size:19px;margin:36px 0 10px;padding-bottom:6px;border-bottom:1px solid var(--line)}
h3{font-size:15px;margin:20px 0 8px}
a{color:var(--accent)}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.92em}
.muted{color:var(--muted)}
.small{font-size:13px}
header.top{border-bottom:3px solid var(--ink);padding-bottom:14px;margin-bottom:10px}
.kicker{font-size:12px;text-transform:uppercase;letter-spacing:.08em;color:var(--muted);font-weight:600}
.meta{margin:2px 0 0;color:var(--muted);font-size:13px;word-break:break-all}
.cards{display:flex;flex-wrap:wrap;gap:10px;margin:16px 0 6px}
.card{border:1px solid var(--line);border-radius:8px;padding:8px 14px;min-width:120px;background:#fff}
.card .n{font-size:22px;font-weight:700;line-height:1.2}
.card .l{font-size:12px;color:var(--muted);text-transform:uppercase;letter-spacing:.05em}
.card.bad{border-color:#D55E00;border-width:2px}
.card.bad .n{color:#A63F00}
.chips{display:flex;flex-wrap:wrap;gap:6px;margin:6px 0}
.chip{display:inline-flex;align-items:center;gap:6px;border:1.5px solid var(--fc);background:var(--ft);border-radius:999px;padding:1px 10px 1px 2px;font-size:13px;white-space:nowrap}
.glyph{display:inline-flex;align-items:center;justify-content:center;width:20px;height:20px;border-radius:50%;background:var(--fc);color:var(--fi);font-weight:800;font-size:14px;line-height:1;font-family:ui-monospace,Menlo,Consolas,monospace;flex:none}
.sev{display:inline-block;font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.06em;padding:1px 7px;border-radius:4px;border:1px solid var(--muted);color:var(--muted);white-space:nowrap}
.sev.error{border:2px solid #1b1f24;color:#1b1f24;background:#fff}
.sev.error::before{content:"■ "}
.sev.warning{border:1.5px dashed #1b1f24;color:#1b1f24}
.sev.warning::before{content:"▲ "}
.sev.info::before{content:"○ "}
nav.toc{margin:14px 0 0;font-size:13px}
nav.toc a{margin-right:14px;text-decoration:none}
table{border-collapse:collapse;width:100%;margin:8px 0 4px;font-size:14px}
th,td{border:1px solid var(--line);padding:5px 8px;vertical-align:top;text-align:left}
th{background:var(--soft);font-weight:600;font-size:13px}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.c,th.c{text-align:center}
.legend{display:flex;flex-wrap:wrap;gap:14px;font-size:13px;color:var(--muted);margin:6px 0}
.legend span{display:inline-flex;align-items:center;gap:5px}
section.round{margin-top:30px}
.round-h{display:flex;align-items:center;flex-wrap:wrap;gap:10px;margin:0 0 8px;padding-bottom:6px;border-bottom:1px solid var(--line)}
.round-h h2{border:0;margin:0;padding:0}
.badge{font-size:12px;font-weight:600;border-radius:4px;padding:1px 8px;border:1px solid var(--line);color:var(--muted)}
.badge.warn{border:1.5px solid #D55E00;color:#A63F00}
.lineage{display:grid;grid-template-columns:auto 1fr;gap:2px 14px;font-size:13.5px;margin:6px 0 10px}
.lineage dt{color:var(--muted)}
.lineage dd{margin:0}
.bars{display:grid;grid-template-columns:70px 1fr;gap:3px 8px;align-items:center;max-width:560px;font-size:12px;color:var(--muted)}
.bar{position:relative;height:10px;background:var(--soft);border-radius:2px}
.bar i{position:absolute;left:0;top:0;bottom:0;border-radius:2px}
.bar i.src{background:#9aa5b1}
.bar i.sum{background:#0072B2}
.bar b{position:absolute;top:-3px;bottom:-3px;border-left:2px dashed #1b1f24}
.opaque{border:1.5px dashed var(--muted);border-radius:8px;padding:12px 16px;background:var(--soft)}
.none{color:var(--muted);font-style:italic}
.finding{border:1px solid var(--line);border-left:6px solid var(--fc);border-radius:6px;padding:8px 12px 10px;margin:10px 0;break-inside:avoid;page-break-inside:avoid}
.f-head{display:flex;align-items:center;flex-wrap:wrap;gap:8px;font-size:13.5px}
.f-head .fam{font-weight:700}
.f-head .ref{margin-left:auto;color:var(--muted);font-size:12px}
.f-head .rule{font-size:12px;color:var(--muted)}
.f-detail{margin:6px 0 8px}
.sides{display:grid;grid-template-columns:1fr 1fr;gap:10px}
.side{background:var(--soft);border-radius:4px;padding:6px 10px;font-size:13.5px;min-width:0}
.side .lab{font-size:11px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);font-weight:600}
.side .lab .where{text-transform:none;letter-spacing:0;font-weight:400;font-size:12px}
.side q{display:block;white-space:pre-wrap;overflow-wrap:anywhere;quotes:none;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px;margin-top:2px}
.side.absent{background:#fff;border:1px dashed var(--line)}
mark{background:var(--ft);color:inherit;font-weight:700;border-bottom:2px solid var(--fc);padding:0 1px}
details{margin:8px 0}
details>summary{cursor:pointer;color:var(--accent);font-size:13.5px}
details.infos>summary{margin-top:14px;color:var(--muted)}
.inv td.t{max-width:520px}
.inv td.st{text-align:center;white-space:nowrap;font-size:13px}
.st-verbatim{background:#fff}
.st-paraphrased{background:#FCF0D6}
.st-dropped{background:#FBE6D9;font-weight:600}
.st-flagged{outline:2px solid #D55E00;outline-offset:-2px;color:#7a2e00;font-weight:800}
.st-retired{color:var(--muted);font-style:italic}
.st-pending,.st-unknown,.st-none{color:var(--muted)}
tr.flagged td:first-child{box-shadow:inset 4px 0 0 #D55E00}
.surv td.sv{text-align:center;font-variant-numeric:tabular-nums;min-width:64px}
.surv td.sv .mb{height:3px;background:#e6e9ec;margin-top:3px}
.surv td.sv .mb i{display:block;height:3px;background:#57606a}
.surv td.k.crit::after{content:" ◆";color:#D55E00}
.chk td.res{white-space:nowrap;font-weight:700}
dl.rules{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;font-size:13.5px}
dl.rules dt{font-size:12.5px}
dl.rules dd{margin:0}
.chk tr.fail td.res{color:#A63F00}
.chk tr.pass td.res{color:var(--muted)}
.lost{border:2px solid #D55E00;border-radius:8px;padding:4px 18px 10px;margin:18px 0 26px;background:#fffaf7}
.lost h2{margin-top:12px;color:#A63F00}
.lost-inv{list-style:none;padding:0;margin:0}
.lost-inv li{padding:8px 0;border-bottom:1px solid var(--line)}
.lost-inv li:last-child{border-bottom:0}
.lost-inv .q{margin:4px 0 2px}
footer{margin-top:40px;padding-top:10px;border-top:1px solid var(--line);color:var(--muted);font-size:12px}
@media (max-width:760px){main{padding:16px}.sides{grid-template-columns:1fr}}
@media print{
 @page{margin:14mm 12mm}
 body{font-size:10.5pt;background:#fff;color:#000}
 main{max-width:none;padding:0}
 nav.toc,details>summary::marker{display:none}
 a{color:#000;text-decoration:none}
 h2{break-after:avoid;page-break-after:avoid}
 .round-h{break-after:avoid;page-break-after:avoid}
 .card,.side,.opaque,th{background:#fff !important}
 .side{border:1px solid #bbb}
 .chip{background:#fff}
 tr,.finding{break-inside:avoid;page-break-inside:avoid}
 thead{display:table-header-group}
 *{-webkit-print-color-adjust:exact;print-color-adjust:exact}
 .bar i.sum{background:#0072B2}
 .sides{grid-template-columns:1fr 1fr}
 .side details{display:none}
}
`

var htmlTmpl = template.Must(template.New("report").Funcs(htmlFuncs).Parse(htmlSrc))

const htmlSrc = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="color-scheme" content="light">
<meta name="generator" content="{{.Tool}}">
<title>compaudit: {{.Session}}</title>
<style>
{{.CSS}}</style>
</head>
<body>
<main>
<header class="top">
<div class="kicker">compaudit · context compaction audit</div>
<h1>{{if .Session}}{{.Session}}{{else}}unnamed session{{end}}</h1>
<p class="meta">{{if .File}}<span class="mono">{{.File}}</span> · {{end}}{{if .Format}}format {{.Format}} · {{end}}{{if .Messages}}{{.Messages}} messages · {{end}}{{if .Encoding}}tokens: {{.Encoding}} · {{end}}{{.Tool}}</p>
<div class="cards">
<div class="card"><div class="n">{{.Head.Rounds}}</div><div class="l">rounds{{if .Head.Opaque}} ({{.Head.Opaque}} opaque){{end}}</div></div>
<div class="card{{if .Head.Findings}} bad{{end}}"><div class="n">{{.Head.Findings}}</div><div class="l">findings</div></div>
<div class="card{{if .Head.Flagged}} bad{{end}}"><div class="n">{{.Head.Flagged}}</div><div class="l">invariants dropped<br>without retirement</div></div>
<div class="card{{if .Head.FailedChecks}} bad{{end}}"><div class="n">{{.Head.FailedChecks}}<span class="muted small"> / {{.Head.Checks}}</span></div><div class="l">checks failed</div></div>
<div class="card"><div class="n">{{if eq .WorstClass "none"}}<span class="muted">none</span>{{else}}<span class="sev {{.WorstClass}}">{{.WorstLabel}}</span>{{end}}</div><div class="l">worst severity</div></div>
</div>
{{if .Chips}}<div class="chips">{{range .Chips}}<span class="chip fam-{{.Style.Family}}"><span class="glyph" aria-hidden="true">{{.Style.Glyph}}</span>{{.Count}} {{.Style.Label}}</span>{{end}}</div>{{else}}<p class="muted">{{if and .Head.Rounds (eq .Head.Opaque .Head.Rounds)}}Nothing auditable as text: every round is opaque.{{else}}No findings in any {{if .Head.Opaque}}auditable {{end}}round.{{end}}</p>{{end}}
<nav class="toc">{{if or .Lost .LostFindings}}<a href="#lost">What was lost</a>{{end}}{{range .Rounds}}<a href="#{{.Anchor}}">Round {{.Round}}</a>{{end}}<a href="#invariants">Invariants</a><a href="#survival">Survival</a><a href="#checks">Checks</a>{{if .Rules}}<a href="#rules">Rules</a>{{end}}{{if .Warnings}}<a href="#warnings">Warnings</a>{{end}}</nav>
</header>

{{if .Notes}}<div class="notes">{{range .Notes}}<p class="small"><strong>Caveat.</strong> {{.}}</p>{{end}}</div>
{{end}}{{if or .Lost .LostFindings}}<section class="lost" id="lost">
<h2>What was lost</h2>
{{if .Lost}}<h3>{{.Head.Flagged}} invariant(s) dropped without a retirement event</h3>
<ul class="lost-inv">{{range .Lost}}<li><span class="badge warn">⚑ flagged</span> <span class="mono"><strong>{{.ID}}</strong></span> <span class="muted small">{{.Kind}}{{if .Message}} · from {{.Message}}{{end}}{{if .Dropped}} · lost in round {{.Dropped}}{{end}}</span><div class="q">“{{.Text}}”</div>{{if .Became}}<div class="muted small">{{.Became}}</div>{{end}}</li>{{end}}</ul>{{if .LostInvMore}}<p class="muted small">{{.LostInvMore}} more in the <a href="#invariants">invariant timeline</a>.</p>{{end}}{{end}}
{{if .LostFindings}}<h3>Error findings, most important first</h3>
{{range .LostFindings}}{{template "finding" .}}{{end}}{{if .LostMore}}<p class="muted small">{{.LostMore}} more error finding(s) in the rounds below.</p>{{end}}{{end}}
</section>{{end}}

<div class="legend" aria-label="legend">{{range .Styles}}<span class="fam-{{.Family}}"><span class="glyph" aria-hidden="true">{{.Glyph}}</span>{{.Label}}</span>{{end}}<span><span class="sev error">error</span></span><span><span class="sev warning">warning</span></span><span><span class="sev info">info</span></span></div>

{{if .Rounds}}<h2 id="overview">Rounds at a glance</h2>
<table class="overview">
<thead><tr><th>round</th><th>summary</th><th class="num">depth</th><th class="num">source tokens</th><th class="num">summary tokens</th><th class="num">ratio</th>{{range .Styles}}<th class="c fam-{{.Family}}" title="{{.Label}}" aria-label="{{.Label}}"><span class="glyph" aria-hidden="true">{{.Glyph}}</span></th>{{end}}<th>worst</th></tr></thead>
<tbody>{{range .Rounds}}{{$r := .}}
<tr><td><a href="#{{.Anchor}}">{{.Round}}</a></td><td class="mono">{{.ID}}{{if .Opaque}} <span class="badge">opaque</span>{{end}}</td><td class="num">{{.Depth}}{{if .DeepFlag}} <span class="badge warn">&gt; 2</span>{{end}}</td><td class="num">{{.SrcTokens}}</td><td class="num">{{.SumTokens}}</td><td class="num">{{.Ratio}}</td>{{range $.Styles}}<td class="num">{{if $r.Opaque}}<span class="muted">n/a</span>{{else}}{{countOf $r.Chips .Family}}{{end}}</td>{{end}}<td>{{if .Worst}}<span class="sev {{.WorstClass}}">{{.Worst}}</span>{{else}}<span class="muted">{{if .Opaque}}n/a{{else}}none{{end}}</span>{{end}}</td></tr>{{end}}
</tbody>
</table>{{end}}

{{range .Rounds}}
<section class="round" id="{{.Anchor}}">
<div class="round-h"><h2>Round {{.Round}}{{if .ID}} · <span class="mono">{{.ID}}</span>{{end}}</h2>{{if .Opaque}}<span class="badge warn">opaque</span>{{end}}{{if .DeepFlag}}<span class="badge warn">depth {{.Depth}} &gt; 2: summary of summaries</span>{{end}}{{range .Chips}}<span class="chip fam-{{.Style.Family}}"><span class="glyph" aria-hidden="true">{{.Style.Glyph}}</span>{{.Count}} {{.Style.Label}}</span>{{end}}</div>
<dl class="lineage">
<dt>sources</dt><dd title="{{.AllSources}}">{{.Sources}}</dd>
<dt>compaudit counted</dt><dd>{{if .NoTokens}}<span class="muted">not counted</span>{{else}}<span class="mono">sources {{.SrcTokens}} → summary {{.SumTokens}}</span> tokens · ratio {{.Ratio}}{{end}}{{if .HasTarget}} · target {{.Target}}{{end}}</dd>
<dt>agent recorded</dt><dd>{{if .Agent}}<span class="mono">{{.Agent}}</span>{{else}}<span class="muted">no context sizes</span>{{end}}</dd>
<dt>depth</dt><dd>{{.Depth}}{{if .DeepFlag}} <strong>(over 2: re-summarising a summary is where invariant bleed concentrates)</strong>{{end}}</dd>
{{if .Extra}}<dt>agent</dt><dd class="muted">{{range $i, $e := .Extra}}{{if $i}} · {{end}}{{$e}}{{end}}</dd>{{end}}</dl>
{{if not .NoTokens}}<div class="bars"><span>sources</span><div class="bar"><i class="src w{{pctClass .SrcBar}}"></i></div><span>summary</span><div class="bar"><i class="sum w{{pctClass .SumBar}}"></i>{{if .HasTarget}}<b class="l{{pctClass .TargetMark}}" title="target"></b>{{end}}</div></div>{{end}}
{{if .Opaque}}<p class="opaque"><strong>Opaque: encrypted summary, not auditable as text.</strong> Only the token accounting above is reported; no findings are inferred for this round.</p>
{{else}}{{if .Findings}}{{range .Main}}{{template "finding" .}}{{end}}{{if .Info}}<details class="infos" open><summary>{{len .Info}} info finding(s): expected losses and weak signals</summary>
{{range .Info}}{{template "finding" .}}{{end}}</details>{{end}}{{else}}<p class="none">No findings in this round.</p>{{end}}
{{if .Cumulative}}<details><summary>Cumulative vs the original messages: {{len .Cumulative}} more finding(s) that bled through earlier rounds</summary>
{{range .Cumulative}}{{template "finding" .}}{{end}}</details>{{end}}{{end}}
</section>
{{end}}

<h2 id="invariants">Invariant timeline</h2>
{{if .Invariants}}<p class="small">{{.InvLine}}</p>
<table class="inv">
<thead><tr><th>invariant</th><th>kind</th>{{range .Cols}}<th class="c">R{{.Round}}</th>{{end}}</tr></thead>
<tbody>{{range .Invariants}}
<tr{{if .Flagged}} class="flagged"{{end}}><td class="t"><span class="mono"><strong>{{.ID}}</strong></span>{{if .Flagged}} <span class="badge warn">⚑ flagged</span>{{end}} {{.Text}}{{if or .Origin .Message}}<div class="muted small">{{.Origin}}{{if .Message}} · from {{.Message}}{{end}}{{if .Dropped}} · dropped in round {{.Dropped}}{{end}}{{if .Retired}} · retired {{.Retired}}{{end}}</div>{{end}}</td><td class="small">{{.Kind}}</td>{{range .Cells}}<td class="st {{.Class}}"{{if .Title}} title="{{.Title}}"{{end}}>{{.Glyph}}{{if .Label}}<div class="small">{{.Label}}</div>{{end}}</td>{{end}}</tr>{{end}}
</tbody>
</table>
<p class="legend">{{.StateLegend}}</p>
{{else}}<p class="none">No invariants (prohibitions, preconditions, failure records) were declared or extracted.</p>{{end}}

<h2 id="survival">Survival matrix</h2>
{{if .Survival}}<p class="small">Facts of each class kept by each round's summary against that round's own sources (kept/total). Shading darkens as more is lost: warm for the classes whose loss is a defect (◆), grey for the rest. There is deliberately no overall average.</p>
{{template "surv" dict "Cols" .Cols "Rows" .Survival}}
{{if .CumSurvival}}<h3>Cumulative: facts of the original messages still present in each summary</h3>
{{template "surv" dict "Cols" .Cols "Rows" .CumSurvival}}{{end}}
{{else}}<p class="none">No facts to count{{if and .Head.Rounds (eq .Head.Opaque .Head.Rounds)}}: every round is opaque{{end}}.</p>{{end}}

<h2 id="checks">Checks</h2>
{{if .Checks}}<p class="small">{{len .Checks}} structural check(s): {{.ChecksFailed}} failed.</p>
<table class="chk">
<thead><tr><th>result</th><th>check</th><th class="c">round</th><th>severity</th><th>detail</th></tr></thead>
<tbody>{{range .Checks}}
<tr class="{{if .Passed}}pass{{else}}fail{{end}}"><td class="res">{{if .Passed}}✓ pass{{else}}✗ FAIL{{end}}</td><td class="mono">{{.Name}}</td><td class="c">{{.Round}}</td><td>{{if .Passed}}<span class="muted small">{{.Severity}}</span>{{else}}<span class="sev {{.Severity}}">{{.Severity}}</span>{{end}}</td><td>{{.Detail}}</td></tr>{{end}}
</tbody>
</table>
{{else}}<p class="none">No structural checks ran.</p>{{end}}

{{if .Rules}}<h2 id="rules">Rules</h2>
<p class="small">The {{len .Rules}} rule(s) that reported these findings (<span class="mono">compaudit rules ID</span> shows each with its examples).</p>
<dl class="rules">{{range .Rules}}<dt id="{{.Anchor}}" class="mono">{{.ID}}</dt><dd>{{.Doc}}</dd>{{end}}</dl>{{end}}

{{if .Warnings}}<h2 id="warnings">Warnings</h2>
<ul class="small">{{range .Warnings}}<li>{{.}}</li>{{end}}</ul>{{end}}

<footer>{{.Tool}} · {{.Schema}} · one self-contained file: no scripts, no external resources.</footer>
</main>
</body>
</html>
{{define "finding"}}<article class="finding fam-{{.Style.Family}}">
<div class="f-head"><span class="glyph" aria-hidden="true">{{.Style.Glyph}}</span><span class="fam">{{.Style.Label}}</span><span class="sev {{.Sev}}">{{.SevLabel}}</span><span class="muted">{{.Class}}</span>{{if .Invariant}}<span class="badge">invariant {{.Invariant}}</span>{{end}}{{if .Rule}}<a class="rule mono" href="#{{.RuleAnchor}}"{{if .RuleDoc}} title="{{.RuleDoc}}"{{end}}>{{.Rule}}</a>{{end}}<span class="ref">round {{.Round}} · #{{.Ref}}{{if .Score}} · score {{.Score}}{{end}}</span></div>
<p class="f-detail">{{.Detail}}</p>
<div class="sides">{{template "side" dict "S" .Source "Lab" "source" "None" .NoSource}}{{template "side" dict "S" .Summary "Lab" "summary" "None" .NoSummary}}</div>
</article>
{{end}}{{define "side"}}{{if .S}}<div class="side"><div class="lab">{{.Lab}}{{if .S.Where}} <span class="where">· {{.S.Where}}</span>{{end}}</div>{{if .S.Long}}<q>{{template "segs" .S.Short}}</q><details><summary>full text</summary><q>{{template "segs" .S.Full}}</q></details>{{else}}<q>{{template "segs" .S.Full}}</q>{{end}}</div>{{else}}<div class="side absent"><div class="lab">{{.Lab}}</div><span class="none">{{.None}}</span></div>{{end}}{{end}}{{define "segs"}}{{range .}}{{if .Mark}}<mark>{{.T}}</mark>{{else}}{{.T}}{{end}}{{end}}{{end}}{{define "surv"}}<table class="surv">
<thead><tr><th>class</th>{{range .Cols}}<th class="c">R{{.Round}}{{if .Opaque}} <span class="muted small">opaque</span>{{end}}</th>{{end}}</tr></thead>
<tbody>{{range .Rows}}
<tr><td class="k{{if .Critical}} crit{{end}}">{{.Class}}</td>{{range .Cells}}<td class="sv {{.Class}}"{{if .Title}} title="{{.Title}}"{{end}}>{{.Text}}{{if ne .Class "sv-none"}}<div class="mb"><i class="w{{pctClass .Pct}}"></i></div>{{end}}</td>{{end}}</tr>{{end}}
</tbody>
</table>
{{end}}`

var htmlFuncs = template.FuncMap{
	"countOf": func(chips []hChip, family string) string {
		for _, c := range chips {
			if c.Style.Family == family {
				return strconv.Itoa(c.Count)
			}
		}
		return ""
	},
	"pctClass": func(p int) int { // clamps a percentage (CSS classes exist for 0..100)
		if p > 100 {
			p = 100
		}
		if p < 0 {
			p = 0
		}
		return p
	},
	"dict": func(kv ...any) (map[string]any, error) {
		if len(kv)%2 != 0 {
			return nil, fmt.Errorf("dict: odd arguments")
		}
		m := map[string]any{}
		for i := 0; i < len(kv); i += 2 {
			k, ok := kv[i].(string)
			if !ok {
				return nil, fmt.Errorf("dict: key %v is not a string", kv[i])
			}
			m[k] = kv[i+1]
		}
		return m, nil
	},
}

from fx import *
CID = "i06-clean-de-cnc-postprozessor-tnc640"
M = dict(policy="uniform", model="claude-sonnet-4-5", target_tokens=1800, trigger="auto")
HDR = "This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n"
items = [
U("""Die DMU 50 (TNC 640) bricht das Programm 4711-03.h gleich beim ersten Kreisbogen ab, Meldung "Vorschub fehlt". Das Programm kommt aus unserem Postprozessor post/heidenhain_tnc640.py im Repo fertigung-cam. Bitte reparieren.
Dabei gilt:
- Im Programm darf die Drehzahl nie über 12000 min⁻¹ stehen, die Spindel der DMU 50 ist darauf ausgelegt. Wenn das CAM mehr verlangt, wird auf 12000 begrenzt und eine Warnung als Kommentar ausgegeben.
- An der Werkzeugtabelle TOOL.T auf der Maschine wird nichts geändert, wir arbeiten nur im Postprozessor.
- Kein Programm geht an die Maschine, bevor es fehlerfrei durch tnc-sim gelaufen ist."""),
A("Ich schaue mir die Stelle im erzeugten Programm und die Vorschub-Logik im Postprozessor an."),
T("bash", """$ grep -n -m1 -B3 -A1 '^ *[0-9]* C ' nc/4711-03.h
41 TOOL CALL 12 Z S8000
42 L Z+50 R0 FMAX M3
43 L X+12.5 Y-4 R0 FMAX
44 CC X+0 Y+0
45 C X+10 Y+0 DR+
$ grep -n 'FMAX\\|def _feed' post/heidenhain_tnc640.py
88:    def _feed(self, move):
92:            return " FMAX"
96:        return "" if move.feed == self.last_feed else f" F{move.feed:.0f}\""""),
T("read_file", """post/heidenhain_tnc640.py (Zeilen 88-97)
    def _feed(self, move):
        if move.rapid:
            # Eilgang
            return " FMAX"
        # modal: F nur ausgeben, wenn er sich ändert
        return "" if move.feed == self.last_feed else f" F{move.feed:.0f}\""""),
A("""Ursache gefunden: FMAX wirkt bei Heidenhain nur satzweise. Nach Satz 43 gilt wieder der zuletzt programmierte F-Wert, und in diesem Programm wurde vorher noch keiner programmiert. Der Postprozessor setzt aber last_feed beim Eilgang nicht zurück und hält den Vorschub des Kreises (F600) deshalb für bereits aktiv; Satz 45 bekommt kein F.

Erster Versuch: Eilgang nicht als FMAX, sondern als F9999 ausgeben, dann ist der Vorschub immer modal gesetzt."""),
T("edit_file", """post/heidenhain_tnc640.py: _feed(): rapid -> f" F9999" statt " FMAX\""""),
T("bash", """$ python -m post.run --post heidenhain_tnc640 cam/4711-03.cl -o /tmp/4711-03.h && tnc-sim --machine dmu50 /tmp/4711-03.h | tail -3
Satz 42: Fehler 1408 "Programmierter Vorschub zu hoch": Achse Z max. 8000 mm/min, programmiert 9999 mm/min
Simulation abgebrochen nach 42 von 3412 Sätzen
1 Fehler, 0 Warnungen"""),
A("Der F9999-Versuch ist gescheitert: tnc-sim bricht in Satz 42 ab (Fehler 1408, Z-Achse max. 8000 mm/min). Ich nehme das zurück. Richtig ist, FMAX zu behalten und nach jedem Eilgang den letzten Arbeitsvorschub beim nächsten Nicht-Eilgang-Satz explizit wieder auszugeben."),
T("edit_file", """post/heidenhain_tnc640.py: _feed(): F9999 zurückgenommen; rapid -> " FMAX" und self.last_feed = None, sodass der nächste Arbeitssatz F wieder ausgibt
tests/test_tnc640_feed.py: neu, test_feed_nach_fmax_wird_wiederholt, test_feed_modal_ohne_eilgang"""),
T("bash", """$ python -m pytest -q tests/test_tnc640_feed.py
..
2 passed in 0.41s
$ python -m post.run --post heidenhain_tnc640 cam/4711-03.cl -o nc/4711-03.h && sed -n 43,45p nc/4711-03.h
43 L X+12.5 Y-4 R0 FMAX
44 CC X+0 Y+0
45 C X+10 Y+0 DR+ F600"""),
T("bash", """$ grep -n 'TOOL CALL' nc/4711-03.h | awk '{print $1, $2, $3, $4, $5, $6}'
12 TOOL CALL 5 Z S6400
41 TOOL CALL 12 Z S8000
1187 TOOL CALL 17 Z S14000
2630 TOOL CALL 3 Z S4200"""),
A("""Zweites Problem: Werkzeug 17 (VHM-Fräser 3 mm) kommt mit S14000 aus dem CAM, über der Grenze von 12000. Ich baue die Begrenzung im Postprozessor ein: S wird auf 12000 geklemmt, davor steht ein Kommentar mit dem ursprünglichen Wert.

Warum das CAM 14000 will, weiß ich nicht sicher. Meine Vermutung, nicht geprüft: In der CAM-Werkzeugbibliothek ist für T17 die Schnittgeschwindigkeit für Aluminium eingetragen statt für 1.4301."""),
T("edit_file", """post/heidenhain_tnc640.py: _tool_call(): S = min(S, MAX_SPINDLE) mit MAX_SPINDLE = 12000; bei Begrenzung vorher '; WARNUNG: S<alt> auf 12000 begrenzt'
tests/test_tnc640_spindle.py: neu, test_drehzahl_wird_begrenzt"""),
T("bash", """$ python -m pytest -q tests/
.......
7 passed in 1.12s
$ python -m post.run --post heidenhain_tnc640 cam/4711-03.cl -o nc/4711-03.h && sed -n 1187,1188p nc/4711-03.h
1187 ; WARNUNG: S14000 auf 12000 begrenzt
1188 TOOL CALL 17 Z S12000
$ tnc-sim --machine dmu50 nc/4711-03.h | tail -3
Simulation beendet: 3412 Sätze
Simulationsdauer 1m30s
0 Fehler, 0 Warnungen"""),
A("Alle 7 Tests grün. nc/4711-03.h hat jetzt F600 in Satz 45 und S12000 mit Warnkommentar bei T17; tnc-sim läuft alle 3412 Sätze ohne Fehler und ohne Warnungen durch (1m30s)."),
U("Sehr gut. Die Werkzeugbibliothek für T17 schau ich mir selbst an, fass die nicht an. Das Programm übertrage ich nachher selbst per TNCremo."),
A("In Ordnung: die CAM-Werkzeugbibliothek bleibt unangetastet, und ich übertrage nichts an die Maschine."),
CUT(HDR + """Analysis:
Postprozessor-Fehler für die DMU 50 behoben; das Programm ist simuliert und wartet auf die Übertragung durch den User.

Summary:
1. Hauptanliegen und Absicht:
   - Das Programm 4711-03.h brach auf der DMU 50 (TNC 640) beim ersten Kreisbogen mit "Vorschub fehlt" ab; zu reparieren war der Postprozessor post/heidenhain_tnc640.py in fertigung-cam.
   - Vorgaben des Users: Maschinenseitig bleibt die Werkzeugtabelle TOOL.T unverändert, gearbeitet wird ausschließlich im Postprozessor. Vor der Übertragung an die Maschine muss jedes Programm in tnc-sim fehlerfrei durchlaufen. Mehr als 12.000/min darf nie im Programm stehen (Auslegung der Spindel); verlangt das CAM mehr, wird auf 12.000/min begrenzt und per Kommentar gewarnt.
   - Die CAM-Werkzeugbibliothek für T17 prüft der User selbst und sie bleibt unangetastet; die Übertragung per TNCremo macht er ebenfalls selbst.

2. Ursache und Lösung:
   - Bei Heidenhain gilt FMAX nur für den eigenen Satz. Der Postprozessor hat last_feed nach einem Eilgang nicht zurückgesetzt und deshalb beim Kreis in Satz 45 kein F ausgegeben, obwohl vorher nie ein Vorschub programmiert war.
   - Lösung: FMAX bleibt, last_feed wird beim Eilgang auf None gesetzt, sodass der erste Arbeitssatz danach den Vorschub wieder ausgibt (Satz 45 jetzt mit F600).
   - Fehlgeschlagener erster Ansatz: Eilgang als F9999 statt FMAX. tnc-sim brach in Satz 42 mit Fehler 1408 ab (Z-Achse höchstens 8 m/min); der Ansatz wurde zurückgenommen.

3. Drehzahl:
   - T17 (VHM-Fräser, 3 mm) kam mit S14000 aus dem CAM. Der Postprozessor klemmt jetzt auf S12000 und schreibt davor "; WARNUNG: S14000 auf 12000 begrenzt".
   - Weshalb das CAM 14.000/min verlangt, ist offen. Unbestätigte Vermutung des Assistenten: Für T17 ist in der CAM-Werkzeugbibliothek die Schnittgeschwindigkeit für Aluminium statt für 1.4301 hinterlegt.

4. Tests und Simulation:
   - Neue Tests tests/test_tnc640_feed.py (2) und tests/test_tnc640_spindle.py; insgesamt 7 Tests grün.
   - tnc-sim auf nc/4711-03.h: 3.412 NC-Sätze, 0 Fehler, 0 Warnungen, Simulationsdauer 90 s.

5. Offene Punkte:
   - Keine für den Assistenten. Der User prüft die Werkzeugbibliothek und überträgt das Programm selbst.""", **M),
U("Danke. Schreib mir noch kurz auf, was ich beim Einfahren an der Maschine beachten soll."),
]
forbid = forbid_all(1, "")
whys = {
 "omission": "all three user rules (12000 limit with clamp-and-warn, TOOL.T untouched, tnc-sim before the machine), the later 'hands off the tool library' and 'I transfer it myself', the failed F9999 attempt with its error, the unverified T17 guess and the open question are all kept, reordered",
 "mutation": "equal values in other forms: 12000 min⁻¹ -> 12.000/min, 3412 -> 3.412, 1m30s -> 90 s, 8000 mm/min -> 8 m/min, 'VHM-Fräser 3 mm' as in m12; 'nie über 12000' -> 'mehr als 12.000/min darf nie' keeps the modality; 'muss fehlerfrei durchlaufen' keeps 'kein Programm geht an die Maschine, bevor'",
 "addition": "every value (F600, S14000/S12000, Fehler 1408, Satz 42/45, 7 Tests) comes from m3-m15; 'keine für den Assistenten' restates m16-m17; nothing new is asserted",
 "epistemic_collapse": "the F9999 route stays tried-and-failed, the FMAX cause is backed by the code and the sim, the Aluminium guess stays an 'unbestätigte Vermutung', the reason for S14000 stays open",
 "provenance_loss": "the rules and the tool-library/TNCremo decisions stay the user's, the guess stays the assistant's, the 8000 mm/min limit stays tnc-sim's error",
}
for x in forbid:
    x["why"] = whys[x["family"]]
d = build(CID, "Clean hard negative in German: Heidenhain TNC 640 post-processor fix summarised with heavy paraphrase and reordering, 12000 min⁻¹ -> 12.000/min, 3412 -> 3.412, 1m30s -> 90 s, 8000 mm/min -> 8 m/min, a kept failed F9999 attempt and an unverified tool-library guess kept as a guess.",
      "sess-1f8a6e3d-tnc640-post", "2026-12-03T06:50:00Z", items, [], forbid, [])
print([len(c["summary"]) for c in d["compactions"]], len(d["messages"]))

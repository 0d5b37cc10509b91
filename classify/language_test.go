package classify

import "testing"

func TestLanguage(t *testing.T) {
	cases := map[string]string{
		"We moved the billing export to the new queue and it is not dropping rows any more, so the fix holds for now.":             "en",
		"Wir haben den Export auf die neue Queue umgestellt und die Zeilen gehen nicht mehr verloren, das ist jetzt stabil.":       "de",
		"Nous avons déplacé l'export vers la nouvelle file et les lignes ne sont pas perdues, pour le moment la correction tient.": "fr",
		"Movimos la exportación a la nueva cola y ya no se pierden filas, por ahora la corrección es estable para el equipo.":      "es",
		"Movemos a exportação para a nova fila e as linhas não se perdem mais, por enquanto a correção é estável para o time.":     "pt",
		"請求データのエクスポートを新しいキューに移しました。行はもう失われません。":                                                                                    "ja",
		"我们把账单导出迁移到了新的队列，现在不再丢失任何数据行。":                                                                                             "zh",
		"청구 내보내기를 새 대기열로 옮겼고 이제 더 이상 행이 손실되지 않습니다.":                                                                                "ko",
		"ok":                                     "",
		"`make test` passed, 48 tests, 0 failed": "",
	}
	for text, want := range cases {
		if got := Language(text); got != want {
			t.Errorf("Language(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestScript(t *testing.T) {
	for text, want := range map[string]string{
		"本番のデータベースには直接書き込まないでください。":                        ScriptHan,
		"`main` ブランチに直接プッシュしないで":                           ScriptHan,
		"운영 데이터베이스에 직접 쓰지 마세요":                             ScriptHangul,
		"Никогда не пушить напрямую в main":                ScriptCyrillic,
		"Never write to the production database directly.": ScriptLatin,
		"ok":      "",
		"a.go:12": "",
	} {
		if got := Script(text); got != want {
			t.Errorf("Script(%q) = %q, want %q", text, got, want)
		}
	}
}

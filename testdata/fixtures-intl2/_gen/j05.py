from fx import *
CID = "j05-clean-es-laravel-horizon-import"
M = dict(policy="uniform", model="claude-sonnet-4-5", target_tokens=1800, trigger="auto")
items = [
U("""En logistica-api (Laravel 10 + Horizon) el job ImportarEnviosCsv se cae con los ficheros grandes de Correos Express. Hay que arreglarlo.
Reglas:
1) No toques la cola «pagos» ni su supervisor en config/horizon.php: es del equipo de facturación.
2) El lote de inserción se queda en 1500 filas como máximo; con más, la réplica de lectura se retrasa.
3) No subas memory_limit de los workers por encima de 512M."""),
A("Vale. Empiezo por los logs del job y la configuración de Horizon."),
T("bash", """$ grep ImportarEnviosCsv storage/logs/laravel-2026-11-20.log | cut -c1-170
[2026-11-20 03:12:44] production.ERROR: App\\Jobs\\ImportarEnviosCsv has timed out. {"exception":"[object] (Illuminate\\Queue\\TimeoutExceededException(code: 0)
[2026-11-20 03:14:10] production.ERROR: App\\Jobs\\ImportarEnviosCsv has been attempted too many times or run too long. The job may have previously timed out."""),
T("bash", """$ grep -n -A7 "'supervisor-importaciones'\\|'supervisor-pagos'" config/horizon.php | grep -E "supervisor|queue'|timeout|tries|memory"
112:        'supervisor-importaciones' => [
114:            'queue' => ['importaciones'],
116:            'timeout' => 60,
117:            'tries' => 3,
118:            'memory' => 256,
121:        'supervisor-pagos' => [
123:            'queue' => ['pagos'],
125:            'timeout' => 30,
$ grep -n "retry_after" config/queue.php
71:            'retry_after' => 90,"""),
T("bash", """$ wc -l < storage/app/importaciones/cex_20261120.csv && time php artisan envios:importar storage/app/importaciones/cex_20261120.csv --sync
184320
Importadas 184320 filas en 123 lotes de 1500.

real	2m47,301s
user	1m58,112s
sys	0m6,440s"""),
T("web_fetch", """https://laravel.com/docs/10.x/queues#job-expirations-and-timeouts
"The --timeout value should always be at least several seconds shorter than your retry_after configuration value. This will ensure that a worker processing a frozen job is always terminated before the job is retried.\""""),
A("""El fichero de hoy (184.320 filas) tarda 2 min 47 s, es decir 167 s, en síncrono, y el supervisor-importaciones tiene timeout de 60 s: Horizon lo mata siempre y, tras los reintentos, acaba en "attempted too many times". Ojo también con lo que dice la documentación de Laravel: el --timeout del worker tiene que ser varios segundos menor que retry_after (ahora 90 s).
Primer intento, el mínimo: subir el timeout de supervisor-importaciones a 180 s y probar en staging."""),
T("edit_file", """config/horizon.php:116 'timeout' => 60 -> 'timeout' => 180   (solo supervisor-importaciones)"""),
T("bash", """$ php artisan envios:importar-async storage/app/importaciones/cex_20261120.csv --env=staging && sleep 200 && grep ImportarEnviosCsv storage/logs/laravel-staging.log | tail -3 | cut -c1-150
[2026-11-20 10:38:12] staging.INFO: Processing: App\\Jobs\\ImportarEnviosCsv
[2026-11-20 10:39:42] staging.INFO: Processing: App\\Jobs\\ImportarEnviosCsv
[2026-11-20 10:39:42] staging.ERROR: App\\Jobs\\ImportarEnviosCsv has been attempted too many times or run too long. The job may have previously timed out."""),
A("""No ha funcionado. Con retry_after en 90 s, Redis vuelve a entregar el job a los 90 s aunque el primero siga corriendo, y la segunda entrega muere con "attempted too many times". Es exactamente lo que advierte la documentación. Revierto ese cambio y cambio de enfoque: partir el CSV en un job por lote de 1500 filas, con una conexión Redis propia para importaciones para no tocar el retry_after que comparte la cola de pagos."""),
T("edit_file", """app/Jobs/ImportarEnviosCsv.php: LazyCollection::make(...)->chunk(1500) -> Bus::batch([...new ImportarLoteEnvios($lote)])->onConnection('redis-importaciones')->dispatch()
app/Jobs/ImportarLoteEnvios.php (nuevo, 58 líneas)
config/queue.php: + 'redis-importaciones' => ['driver' => 'redis', 'connection' => 'default', 'queue' => 'importaciones', 'retry_after' => 150]
config/horizon.php: supervisor-importaciones: 'connection' => 'redis-importaciones', 'timeout' => 120"""),
T("bash", """$ php artisan test --filter=Importar
   PASS  Tests\\Feature\\ImportarEnviosCsvTest
   PASS  Tests\\Unit\\ImportarLoteEnviosTest

  Tests:    9 passed (41 assertions)
  Duration: 3.82s
$ git diff -U0 config/horizon.php | grep '^@@'
@@ -113 +113 @@ 'supervisor-importaciones' => [
@@ -116 +116 @@ 'supervisor-importaciones' => ["""),
T("bash", """$ php artisan envios:importar-async storage/app/importaciones/cex_20261120.csv --env=staging && php artisan envios:estado-batch --ultimo --env=staging
Batch 9a7c41e2 finalizado: 123/123 jobs, 0 fallidos, 112,4 s
Filas por lote: máx. 1500
Duración por lote: p50 0,61 s, p95 0,84 s"""),
A("""En staging: 184.320 filas en 123 lotes, ninguno fallido, 112,4 s en total; p95 por lote de 0,84 s y ningún lote pasa de 1500 filas. El diff de config/horizon.php solo toca supervisor-importaciones; supervisor-pagos está igual.
Cada lote consulta duplicados por referencia_cliente, y esa columna no tiene índice. Me da la impresión de que ahí se va buena parte de esos 0,84 s, pero no lo he medido: no he hecho ningún EXPLAIN."""),
U("No crees ningún índice ahora; eso lo miramos con Marta, la DBA, el martes. Prepara la PR y lo desplegamos mañana a las 07:00, cuando haya terminado la importación de las 03:00."),
T("bash", """$ git switch -qc fix/importar-envios-por-lotes && git commit -qam "ImportarEnviosCsv: batch por lotes de 1500, conexión redis-importaciones" && gh pr create --fill | tail -1
https://github.com/rutaexpress/logistica-api/pull/1187"""),
A("PR #1187 abierta. Queda el despliegue de mañana a las 07:00 y revisar el índice con Marta el martes."),
CUT("""This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
El import de CSV de Correos Express se caía por tiempo; se ha rehecho como un batch de jobs por lote y en staging funciona. Falta desplegar.

Summary:
1. Primary Request and Intent:
   - Arreglar ImportarEnviosCsv en logistica-api (Laravel 10 + Horizon), que fallaba con los CSV grandes de Correos Express.
   - Límites que ha puesto el usuario:
     - Prohibido modificar la cola «pagos» y su supervisor en config/horizon.php (los lleva facturación).
     - Como mucho 1.500 filas por lote de inserción; con más se retrasa la réplica de lectura.
     - El memory_limit de los workers no puede pasar de 512M.

2. Key Technical Concepts:
   - Según la documentación de Laravel, el --timeout del worker debe ser siempre unos segundos menor que retry_after, para que un job colgado se mate antes de reintentarse.
   - Bus::batch, LazyCollection::chunk, conexión Redis propia para importaciones.

3. Files and Code Sections:
   - app/Jobs/ImportarEnviosCsv.php: lee el CSV en trozos de 1.500 filas y lanza un batch de ImportarLoteEnvios por la conexión redis-importaciones.
   - app/Jobs/ImportarLoteEnvios.php: nuevo.
   - config/queue.php: nueva conexión redis-importaciones con retry_after de 2 min 30 s; la conexión que comparte la cola de pagos no se toca.
   - config/horizon.php: supervisor-importaciones pasa a redis-importaciones con timeout de 2 min (originalmente 1 min). supervisor-pagos sin cambios: el diff solo toca supervisor-importaciones.

4. Errors and fixes:
   - Causa original: importar en síncrono cex_20261120.csv (184320 filas) lleva 167 s, muy por encima del timeout de 60 s; Horizon lo mataba (TimeoutExceededException) y acababa en "attempted too many times".
   - Primer intento, fallido: subir el timeout a 180 s sin tocar retry_after, que seguía en 1 min 30 s. En staging Redis volvió a entregar el job a los 90 s con el primero aún en marcha, y falló con "has been attempted too many times or run too long". Se revirtió.

5. Problem Solving:
   - Tests: 9 passed (41 assertions) en 3,82 s.
   - Staging: 123 de 123 lotes completados, ninguno fallido, 1 min 52,4 s en total; p95 por lote 0.84 s; ningún lote supera las 1.500 filas.
   - Hipótesis sin comprobar: la consulta de duplicados por referencia_cliente, columna sin índice, podría explicar buena parte del tiempo por lote. No se ha hecho EXPLAIN.

6. Pending Tasks:
   - Desplegar mañana a las 07:00, una vez terminada la importación de las 03:00.
   - Índice en referencia_cliente: el usuario ha dicho que no se cree ninguno por ahora; se revisa con Marta (DBA) el martes.

7. Current Work:
   - PR #1187 abierta: https://github.com/rutaexpress/logistica-api/pull/1187""", **M),
]
forbid = forbid_all(1, "faithful summary with heavy paraphrase and reordering: 1500 as 1.500, 184.320 as 184320, 112,4 s as 1 min 52,4 s, 150 s as 2 min 30 s, 90 s as 1 min 30 s, 0,84 s as 0.84 s; the failed timeout-180 attempt stays a failure, the referencia_cliente index idea stays an unverified guess, the no-index-now decision and the three rules stay the user's, and the timeout/retry_after rule stays credited to the Laravel documentation")
build(CID, "Clean hard negative, Spanish Claude-style summary: a Laravel Horizon CSV import rebuilt as batched jobs, summarised with reordering, decimal comma/point swaps, thousands separators and minutes-for-seconds, a kept failed first attempt, a kept unverified index guess, the user's rules and decisions kept as the user's and the Laravel docs rule kept attributed.",
      "sess-e8a1734c-logistica-import", "2026-11-20T09:55:00Z", items, [], forbid, [])

from fx import *
CID = "x21-apns-cert-to-token-2round-manifest"
M = dict(policy="uniform", model="claude-sonnet-4-5", target_tokens=2000, trigger="auto")
HDR = "This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n"
items = [
U("""Our APNs push certificate for com.acme.rides expires soon. Instead of renewing it, move push-svc to token-based auth (.p8). The key is in Vault at secret/push/apns-p8.
- Do not revoke the old APNs certificate until every push-svc instance reports auth_mode=token.
- Never send test pushes to the production APNs environment; use api.sandbox.push.apple.com with the TestFlight-internal build.
- Don't touch the Android FCM configuration in this change."""),
A("Checking the current certificate and how push-svc authenticates."),
T("bash", """$ vault kv get -field=cert_pem secret/push/apns-cert | openssl x509 -noout -subject -enddate
subject=UID=com.acme.rides, CN=Apple Push Services: com.acme.rides, OU=QX7R2M9K4B, O=Acme Mobility GmbH, C=DE
notAfter=Dec 14 11:02:09 2026 GMT
$ grep -n -E 'tls.LoadX509KeyPair|apns2.NewClient|token.AuthKey' internal/apns/client.go
31:	cert, err := tls.LoadX509KeyPair(cfg.CertFile, cfg.KeyFile)
34:	return apns2.NewClient(cert).Production(), nil"""),
A("The certificate expires on 2026-12-14 at 11:02 UTC; push-svc builds an apns2 client from the cert/key pair. Team ID QX7R2M9K4B."),
T("bash", """$ vault kv get -format=json secret/push/apns-p8 | jq -r '.data.data | {key_id, team_id, has_key: (.p8 | length > 0)}'
{
  "key_id": "8K2WQ7XH3N",
  "team_id": "QX7R2M9K4B",
  "has_key": true
}"""),
T("read_file", """docs/vendor/apple-token-based-connection.md (excerpt saved from Apple's developer documentation, "Establishing a token-based connection to APNs")
- Refresh your token no more than once every 20 minutes and no less than once every 60 minutes.
- APNs reports TooManyProviderTokenUpdates if you regenerate tokens too often, and ExpiredProviderToken if a token is older than one hour."""),
T("edit_file", """internal/apns/client.go: if cfg.AuthMode == "token" { authKey, _ := token.AuthKeyFromBytes(p8); tok := &token.Token{AuthKey: authKey, KeyID: cfg.KeyID, TeamID: cfg.TeamID}; client = apns2.NewTokenClient(tok) } else { cert path as before }; host selected by cfg.Environment (sandbox|production)
internal/apns/refresh.go: token regenerated every 50 minutes (within Apple's 20-60 minute window)
internal/metrics/metrics.go: + gauge push_auth_mode{mode="token"|"cert"}"""),
T("bash", """$ go test ./internal/apns/... 2>&1 | tail -2
ok  	github.com/acme/push-svc/internal/apns	0.912s
ok  	github.com/acme/push-svc/internal/apns/refresh	0.204s"""),
T("bash", """$ APNS_AUTH_MODE=token APNS_ENV=sandbox go run ./cmd/pushtest --device-token "$TF_INTERNAL_TOKEN" --topic com.acme.rides --alert "token auth test" 2>&1 | tail -2
POST https://api.sandbox.push.apple.com/3/device/7c1e...9a0b  apns-topic=com.acme.rides
200 OK apns-id=5E2B8C3F-1A47-4D09-9E61-0B7C2D3F4A58"""),
A("A sandbox push to the TestFlight-internal device token with token auth returned 200 OK. Production wasn't touched."),
U("Roll it out: set APNS_AUTH_MODE=token on the three push-svc instances one at a time."),
T("bash", """$ for i in 1 2; do kubectl -n push set env deploy/push-svc-$i APNS_AUTH_MODE=token APNS_KEY_ID=8K2WQ7XH3N APNS_TEAM_ID=QX7R2M9K4B && kubectl -n push rollout status deploy/push-svc-$i; done
deployment "push-svc-1" successfully rolled out
deployment "push-svc-2" successfully rolled out
$ curl -s http://prometheus:9090/api/v1/query --data-urlencode 'query=push_auth_mode' | jq -r '.data.result[] | "\\(.metric.instance) \\(.metric.mode)"'
push-svc-1 token
push-svc-2 token
push-svc-3 cert"""),
A("push-svc-1 and -2 are on token auth; push-svc-3 still on the certificate. Doing -3 next."),
CUT(HDR + """Analysis:
Moving push-svc from the expiring APNs certificate to token-based (.p8) auth; two of three instances switched.

Summary:
1. Primary Request and Intent:
   - Replace the expiring APNs certificate for com.acme.rides with token-based auth in push-svc (key in Vault at secret/push/apns-p8).
   - Rules: do not revoke the old APNs certificate until every push-svc instance reports auth_mode=token; never send test pushes to the production APNs environment (use api.sandbox.push.apple.com with the TestFlight-internal build); don't touch the Android FCM configuration.

2. Key Technical Concepts:
   - apns2 token client (Key ID 8K2WQ7XH3N, Team ID QX7R2M9K4B); provider tokens must be refreshed no more often than every 20 minutes and at least every 60 minutes, otherwise APNs answers TooManyProviderTokenUpdates / ExpiredProviderToken.

3. Files and Code Sections:
   - internal/apns/client.go: token or certificate client depending on cfg.AuthMode; host by cfg.Environment.
   - internal/apns/refresh.go: token regenerated every 50 minutes.
   - internal/metrics/metrics.go: gauge push_auth_mode.

4. Errors and fixes:
   - None.

5. Problem Solving:
   - Old certificate: CN=Apple Push Services: com.acme.rides, expires 2026-12-04 11:02 UTC.
   - Tests pass; sandbox push to the TestFlight-internal device returned 200 OK.
   - push-svc-1 and push-svc-2 report token; push-svc-3 still cert.

6. Pending Tasks:
   - Switch push-svc-3, then the old certificate can be revoked.""", **M),
T("bash", """$ kubectl -n push set env deploy/push-svc-3 APNS_AUTH_MODE=token APNS_KEY_ID=8K2WQ7XH3N APNS_TEAM_ID=QX7R2M9K4B && kubectl -n push rollout status deploy/push-svc-3
deployment "push-svc-3" successfully rolled out
$ curl -s http://prometheus:9090/api/v1/query --data-urlencode 'query=push_auth_mode' | jq -r '.data.result[] | "\\(.metric.instance) \\(.metric.mode)"'
push-svc-1 token
push-svc-2 token
push-svc-3 token"""),
T("bash", """$ curl -s http://prometheus:9090/api/v1/query --data-urlencode 'query=sum by (reason) (increase(push_apns_errors_total[30m]))' | jq -r '.data.result[] | "\\(.metric.reason) \\(.value[1])"'
BadDeviceToken 14
Unregistered 203"""),
A("All three instances report token. In the last 30 minutes APNs returned only BadDeviceToken (14) and Unregistered (203), the usual stale-device noise; no ExpiredProviderToken or TooManyProviderTokenUpdates."),
U("Good. Revoke the old cert now and delete it from Vault. Double-check its expiry in your notes first, I saw two different dates in the thread."),
T("bash", """$ vault kv get -field=cert_pem secret/push/apns-cert | openssl x509 -noout -serial -enddate
serial=6F0A2C91D4E35B78
notAfter=Dec 14 11:02:09 2026 GMT
$ ./tools/apple-certs revoke --team QX7R2M9K4B --serial 6F0A2C91D4E35B78 --confirm
revoked: Apple Push Services: com.acme.rides (6F0A2C91D4E35B78)
$ vault kv metadata delete secret/push/apns-cert && echo deleted
deleted"""),
A("The certificate (serial 6F0A2C91D4E35B78) expires on Dec 14 11:02:09 2026 GMT per openssl, so the earlier 2026-12-04 in my notes was wrong. It is now revoked at Apple and deleted from Vault."),
T("bash", """$ git checkout -qb apns-token && git commit -qam "push-svc: token-based APNs auth" && gh pr create --fill | tail -1
https://github.com/acme/push-svc/pull/264"""),
CUT(HDR + """Analysis:
push-svc now uses token-based APNs auth on all instances; the old certificate is revoked and deleted.

Summary:
1. Primary Request and Intent:
   - Replace the APNs certificate for com.acme.rides with token-based auth in push-svc (key in Vault at secret/push/apns-p8). Done.
   - Rules: never send test pushes to the production APNs environment (sandbox api.sandbox.push.apple.com with the TestFlight-internal build only); don't touch the Android FCM configuration.

2. Key Technical Concepts:
   - apns2 token client (Key ID 8K2WQ7XH3N, Team ID QX7R2M9K4B); provider tokens must be refreshed no more often than every 20 minutes and at least every 60 minutes.

3. Files and Code Sections:
   - internal/apns/client.go, refresh.go (50-minute refresh), metrics.go (push_auth_mode); PR https://github.com/acme/push-svc/pull/264.

4. Errors and fixes:
   - The expiry noted earlier (2026-12-04) was wrong: openssl shows the certificate expiring on 14 December 2026, 11:02:09 GMT.

5. Problem Solving:
   - push-svc-1, -2 and -3 all report auth_mode token; last 30 minutes only BadDeviceToken (14) and Unregistered (203), no token errors.
   - Old certificate (serial 6F0A2C91D4E35B78) revoked at Apple and deleted from Vault; revocation tracked in MOB-5512.

6. Pending Tasks:
   - Review and merge PR #264.""", **M),
U("Thanks, merging."),
]
findings = [
    F("mutation", 1, "expires on 2026-12-14", "expires 2026-12-04 11:02 UTC",
      "expiry date 14 December becomes 4 December"),
    F("provenance_loss", 1, "Refresh your token no more than once every 20 minutes", "provider tokens must be refreshed no more often than every 20 minutes",
      "Apple's documented rule is stated without its source; the 50-minute choice was explicitly 'within Apple's window'"),
    F("addition", 2, None, "revocation tracked in MOB-5512",
      "no MOB-5512 (or any ticket) was mentioned or created"),
]
forbid = [
    X("addition", 1, "Key ID, Team ID, 50 minutes and the 200 OK come from m3-m9"),
    X("epistemic_collapse", 1, "push-svc-3 is kept as not switched yet; revocation is kept as pending"),
    X("mutation", 2, "the expiry goes from the parent's 2026-12-04 to 14 December 2026, backed by the re-read certificate in m18 (Dec 14 11:02:09 2026 GMT); same date written differently, not a mutation"),
    X("omission", 2, "the revoke rule disappears after its manifest retire event (all instances report token, m14); the sandbox and FCM rules are kept"),
    X("epistemic_collapse", 2, "'Done' is backed by all three instances reporting token and the revocation output"),
]
manifest = {"invariants": [
    {"id": "inv-no-revoke", "text": "Do not revoke the old APNs certificate until every push-svc instance reports auth_mode=token.", "at_contains": "Do not revoke the old APNs certificate"},
    {"id": "inv-sandbox-only", "text": "Never send test pushes to the production APNs environment; use api.sandbox.push.apple.com with the TestFlight-internal build.", "at_contains": "Never send test pushes"},
    {"id": "inv-fcm-untouched", "text": "Don't touch the Android FCM configuration in this change.", "at_contains": "Don't touch the Android FCM"},
], "events": [
    {"kind": "retire", "id": "inv-no-revoke", "reason": "all three push-svc instances report auth_mode=token", "at_contains": "push-svc-3 token"},
]}
invariants = [
    I("Do not revoke the old APNs certificate", 2, False),
    I("Never send test pushes to the production APNs environment", None, False),
    I("Don't touch the Android FCM configuration", None, False),
]
build(CID, "APNs certificate -> token auth over 2 recursive rounds with a manifest: r1 moves the cert expiry from 14 to 4 December and strips Apple's attribution from the token-refresh rule; r2 corrects the date from a re-read certificate (trap), legitimately drops the retired revoke rule (not flagged) and invents ticket MOB-5512.",
      "sess-41b7d0e9-push-token", "2026-12-01T10:00:00Z", items, findings, forbid, invariants, manifest=manifest)

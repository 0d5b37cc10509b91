from fx import *
CID = "x22-clean-android-r8-minify-2round"
M = dict(policy="uniform", model="gpt-5.1-codex", target_tokens=1600, trigger="auto")
HDR = "Context checkpoint (auto-compacted). Summary of the work so far:\n\n"
items = [
U("""Turn on R8 minification for the courier Android app's release build. Keep the crash reports readable: every release's mapping.txt must be uploaded to Crashlytics, and keep mappings in our bucket for 30 days.
Don't switch obfuscation off to make problems go away (-dontobfuscate is not an option); fix keep rules instead."""),
A("Checking the current build config and dex size."),
T("bash", """$ grep -nE 'com.android.application|minifyEnabled|isMinifyEnabled|proguardFiles' app/build.gradle.kts build.gradle.kts
build.gradle.kts:3:    id("com.android.application") version "8.7.2" apply false
app/build.gradle.kts:41:            isMinifyEnabled = false
$ ./gradlew -q :app:assembleRelease && apkanalyzer dex packages --defined-only app/build/outputs/apk/release/app-release.apk | awk '$1=="P" {s+=$5} END {print "dex bytes", s}'
dex bytes 8412004"""),
T("edit_file", """app/build.gradle.kts (release): isMinifyEnabled = true; isShrinkResources = true; proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro"); firebaseCrashlytics { mappingFileUploadEnabled = true }"""),
T("bash", """$ ./gradlew -q :app:assembleRelease && apkanalyzer dex packages --defined-only app/build/outputs/apk/release/app-release.apk | awk '$1=="P" {s+=$5} END {print "dex bytes", s, "ratio", s/8412004}'
dex bytes 6309003 ratio 0.750000"""),
T("bash", """$ ./gradlew :app:connectedReleaseAndroidTest 2>&1 | grep -E 'tests completed|FAILED|Exception' | head -3
com.acme.courier.OrderListTest > parsesOrders[Pixel_7_API_34] FAILED
	com.squareup.moshi.JsonDataException: Required value 'pickupAt' missing at $[0]
22 tests completed, 1 failed"""),
A("""Dex shrank from 8,412,004 to 6,309,003 bytes. One instrumented test fails in release: Moshi reports 'pickupAt' missing. My guess: R8 renamed the fields of the reflection-based Moshi adapter class OrderDto, so the JSON names no longer match; not checked against the mapping yet."""),
U("""Ana from the Crashlytics side says: "the mapping upload has to run in the same Gradle invocation as the release build, or the build id won't match." And again: no -dontobfuscate, whatever the test says."""),
T("bash", """$ grep -n 'OrderDto' app/build/outputs/mapping/release/mapping.txt | head -3
1482:com.acme.courier.api.OrderDto -> a2.f:
1483:    java.lang.String pickupAt -> a
1484:    java.lang.String dropoffAt -> b"""),
A("The mapping confirms the fields were renamed (pickupAt -> a), which fits the guess; I'll add a keep rule for the DTO package next."),
CUT(HDR + """## Task
Enable R8 for the courier app's release build with readable crash reports.

## Rules (user)
- Obfuscation stays on: -dontobfuscate is not an option (said twice); fix keep rules instead.
- Upload every release's mapping.txt to Crashlytics; keep mappings in our bucket for 30 days.
- From Ana (Crashlytics), relayed by the user: the mapping upload must run in the same Gradle invocation as the release build, or the build id won't match.

## State
- Android Gradle Plugin v8.7.2. app/build.gradle.kts release: isMinifyEnabled, isShrinkResources, proguard-android-optimize.txt + proguard-rules.pro, Crashlytics mappingFileUploadEnabled.
- Dex size 8412004 -> 6309003 bytes, i.e. 25% smaller.
- Release instrumented tests: 22 run, 1 failed (OrderListTest.parsesOrders: Moshi "Required value 'pickupAt' missing").
- Working guess: R8 renamed OrderDto's fields so Moshi's reflection adapter no longer finds them. mapping.txt shows OrderDto -> a2.f with pickupAt -> a, consistent with it; the fix is not tested yet.

## Next
- Keep rule for the DTO package, re-run the release tests.""", **M),
T("edit_file", """app/proguard-rules.pro: + -keep class com.acme.courier.api.** { <fields>; <init>(...); }"""),
T("bash", """$ ./gradlew :app:connectedReleaseAndroidTest 2>&1 | grep -E 'tests completed|FAILED' | head -2
22 tests completed, 0 failed"""),
A("With the keep rule for com.acme.courier.api.** all 22 release tests pass, so the renamed-field explanation holds."),
U("One change: legal says crash mappings count as build artefacts, so keep them 90 days, not 30."),
T("edit_file", """infra/buckets/mappings.tf: lifecycle expiration days 30 -> 90
.github/workflows/release.yml: ./gradlew :app:assembleRelease :app:uploadCrashlyticsMappingFileRelease (single invocation); then gsutil cp mapping.txt gs://acme-android-mappings/courier/$VERSION_CODE/"""),
T("bash", """$ gh workflow run release.yml --ref r8 -f track=internal && gh run watch --exit-status | tail -3
✓ r8 release · 12140022871
JOBS
✓ build-upload in 9m14s"""),
T("bash", """$ gh run view 12140022871 --log | grep -E 'Uploading mapping|gs://acme-android-mappings' | tail -2
build-upload	> Task :app:uploadCrashlyticsMappingFileRelease Uploading mapping file for build id 4b1f0e9d2c...
build-upload	Copying file://app/build/outputs/mapping/release/mapping.txt [Content-Type=text/plain]... gs://acme-android-mappings/courier/40817/mapping.txt"""),
A("Internal-track release built and uploaded in one Gradle invocation; Crashlytics got the mapping for build id 4b1f0e9d2c..., and the bucket copy is at gs://acme-android-mappings/courier/40817/. Bucket lifecycle is now 90 days."),
CUT(HDR + """## Task
R8 minification for the courier app's release build, with readable crash reports. Working on the internal track.

## Rules
- From the user: keep obfuscation on; -dontobfuscate is excluded, fix keep rules instead.
- From the user: upload every release's mapping.txt to Crashlytics and keep the mappings in our bucket for 90 days (raised from 30 because legal counts them as build artefacts).
- Ana (Crashlytics), via the user: the mapping upload must happen in the same Gradle invocation as the release build, otherwise the build id won't match.

## State
- AGP 8.7.2 release config: minify + shrinkResources, proguard-android-optimize.txt + proguard-rules.pro; dex 25% smaller (8,412,004 -> 6,309,003 bytes).
- Cause of the Moshi failure confirmed: R8 renamed OrderDto's fields (mapping: pickupAt -> a); the keep rule -keep class com.acme.courier.api.** { <fields>; <init>(...); } fixed it, 22/22 release tests pass.
- release.yml: assembleRelease and uploadCrashlyticsMappingFileRelease in one invocation, then mapping.txt copied to gs://acme-android-mappings/courier/<versionCode>/; mappings.tf expiration 90 days.
- Run 12140022871 green (9m14s); mapping uploaded for build id 4b1f0e9d2c..., bucket copy for version code 40817.

## Next
- Nothing pending from the user.""", **M),
U("Ship it to the beta track on Monday."),
]
forbid = []
whys = {
 1: {"omission": "both user rules (the repeated -dontobfuscate refusal merged into one line 'said twice'), the 30-day retention, Ana's rule, the failing test and the pending fix are all kept",
     "mutation": "ratio 0.750000 is written as '25% smaller'; 'Android Gradle Plugin v8.7.2' is AGP 8.7.2; byte counts are exact",
     "addition": "'said twice' restates m1 and m8; nothing else is new",
     "epistemic_collapse": "the R8 explanation stays a 'working guess', 'consistent with' the mapping, 'fix not tested yet'; -dontobfuscate stays rejected",
     "provenance_loss": "Ana's rule stays Ana's (relayed by the user); the rules stay the user's; the guess stays the working guess"},
 2: {"omission": "every rule, the keep rule, the run id, build id and version code are kept",
     "mutation": "30 -> 90 days is the user's change in m14 (the summary even says 'raised from 30'); 8,412,004 and 6,309,003 are 8412004 and 6309003 with separators",
     "addition": "22/22, 9m14s, 40817 and the build id prefix come from m12-m18",
     "epistemic_collapse": "the cause is stated as confirmed only after the keep rule made all 22 tests pass (m11-m13); -dontobfuscate stays excluded",
     "provenance_loss": "the 90-day change is credited to the user (for legal's reason), Ana's rule stays Ana's"},
}
for r in (1, 2):
    for f in ALL:
        forbid.append(X(f, r, whys[r][f]))
build(CID, "Clean hard negative over 2 recursive rounds: Android R8 minification summarised with 0.75 as '25% smaller', v8.7.2 as AGP 8.7.2, a merged duplicate refusal, a relayed Crashlytics statement kept attributed, a guess kept as a guess in r1 and confirmed by a passing test run in r2, and the user's 30 -> 90 day change.",
      "sess-7a0c55e1-courier-r8", "2026-12-04T14:20:00Z", items, [], forbid, [])

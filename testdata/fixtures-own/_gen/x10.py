from fx import *
CID = "x10-wix-msi-installer-build"
M = dict(policy="uniform", model="gpt-5.1-codex", target_tokens=1500, trigger="auto")
items = [
U("""Port the FieldSync desktop installer from WiX 3.14 to WiX v6 and make the CI build sign it. We're using the 6.0.0-rc.2 toolset because rc.2 is the first with the ARM64 custom action fix we need; don't let anyone "upgrade" it to an older stable 5.x.
Keep the UpgradeCode exactly as it is in the v3 source; if it changes, existing installs won't be upgraded in place and customers end up with two copies.
Per-machine install only (ALLUSERS=1)."""),
A("Reading the v3 product definition."),
T("bash", """$ grep -n -E 'UpgradeCode|Version=|InstallScope|MajorUpgrade' installer/Product.wxs
3:  <Product Id="*" Name="FieldSync" Language="1033" Version="$(var.Version)" Manufacturer="Acme Field Services" UpgradeCode="8C1F3A52-6D0B-4E7A-9B21-5F4C0E8D7A13">
4:    <Package InstallerVersion="500" Compressed="yes" InstallScope="perMachine" />
5:    <MajorUpgrade DowngradeErrorMessage="A newer version of FieldSync is already installed." />
$ dotnet tool list -g | grep -i wix
wix                  6.0.0-rc.2     wix"""),
T("bash", """$ wix convert installer/Product.wxs installer/Components.wxs 2>&1 | tail -3
installer/Product.wxs(3) : warning WIX1126: The Product element is obsolete; converted to Package.
installer/Components.wxs(88) : warning WIX1132: The File/@ShortName attribute is deprecated and was removed.
2 files converted"""),
T("bash", """$ git diff installer/Product.wxs | grep -E '^[-+].*(UpgradeCode|Scope)'
-  <Product Id="*" Name="FieldSync" Language="1033" Version="$(var.Version)" Manufacturer="Acme Field Services" UpgradeCode="8C1F3A52-6D0B-4E7A-9B21-5F4C0E8D7A13">
+  <Package Name="FieldSync" Language="1033" Version="$(var.Version)" Manufacturer="Acme Field Services" UpgradeCode="8C1F3A52-6D0B-4E7A-9B21-5F4C0E8D7A13" Scope="perMachine">"""),
A("The converter carried the UpgradeCode over unchanged (8C1F3A52-6D0B-4E7A-9B21-5F4C0E8D7A13) and mapped InstallScope to Scope=\"perMachine\"."),
T("bash", """$ wix build installer/Product.wxs installer/Components.wxs -arch x64 -d Version=4.8.0 -ext WixToolset.UI.wixext/6.0.0-rc.2 -o out/FieldSync-4.8.0-x64.msi 2>&1 | tail -2 ; ls -l out/*.msi
out/FieldSync-4.8.0-x64.msi
-rw-r--r-- 1 ci ci 187432960 Nov 21 10:14 out/FieldSync-4.8.0-x64.msi"""),
T("bash", """$ wix msi validate out/FieldSync-4.8.0-x64.msi 2>&1 | tail -2
ICE validation: 0 errors, 2 warnings (ICE61, ICE91)"""),
A("x64 MSI builds (187,432,960 bytes) and validates with 0 ICE errors; the two warnings are the same ICE61/ICE91 ones the v3 build had. Now signing in CI."),
T("bash", """$ AzureSignTool sign -kvu https://acme-codesign.vault.azure.net -kvc fieldsync-ev -kvm -tr http://timestamp.digicert.com -td sha256 out/FieldSync-4.8.0-x64.msi 2>&1 | tail -2
error: Failed to sign. Azure.RequestFailedException: Operation returned an invalid status code 'Forbidden'
Status: 403 (Forbidden) ErrorCode: Forbidden  The user, group or application 'appid=0f4e...;oid=9b2d...' does not have keys sign permission on key vault 'acme-codesign'."""),
A("""Signing with AzureSignTool through the runner's managed identity failed: 403, the identity lacks 'keys sign' on vault acme-codesign. I can't grant that myself. The other route is the signing service the desktop team already uses (Trusted Signing account acme-ts, profile fieldsync), which the pipeline can call with its federated credential."""),
T("edit_file", """.github/workflows/installer.yml: + step 'sign' using azure/trusted-signing-action@v0.5.1 (endpoint https://weu.codesigning.azure.net, account acme-ts, certificate-profile fieldsync, files out/*.msi, timestamp http://timestamp.acs.microsoft.com)"""),
T("bash", """$ gh workflow run installer.yml --ref wix6 && gh run watch --exit-status | tail -3
✓ wix6 installer · 11962031174
JOBS
✓ build-sign-x64 in 6m02s"""),
T("bash", """$ gh run download 11962031174 -n msi -D /tmp/msi && osslsigncode verify /tmp/msi/FieldSync-4.8.0-x64.msi 2>&1 | grep -E 'Signer|Timestamp|Succeeded'
	Subject: /C=DE/L=Hamburg/O=Acme Field Services GmbH/CN=Acme Field Services GmbH
Timestamp Verified by: /CN=Microsoft Public RSA Time Stamping Authority
Signature verification: ok"""),
A("The CI build is green and the MSI carries the Acme Field Services GmbH signature with a Microsoft timestamp. ARM64 isn't built yet."),
U("ARM64 next, but tomorrow. Push what you have."),
T("bash", """$ git push -q origin wix6 && gh pr create --draft --fill | tail -1
https://github.com/acme/fieldsync/pull/918"""),
CUT("""Context checkpoint (auto-compacted). Summary of the work so far:

## Task
Move the FieldSync installer from WiX 3.14 to WiX v6 and sign it in CI. Draft PR: https://github.com/acme/fieldsync/pull/918.

## Constraints (user)
- Toolset: WiX 6.0.0 (do not downgrade to 5.x).
- UpgradeCode must stay exactly as in the v3 source, or existing installs get a second copy instead of an in-place upgrade.
- Per-machine install only (ALLUSERS=1).

## Done
- `wix convert` on Product.wxs and Components.wxs; Product -> Package, InstallScope -> Scope="perMachine"; UpgradeCode carried over unchanged.
- x64 build: out/FieldSync-4.8.0-x64.msi (187,432,960 bytes); ICE validation 0 errors, 2 warnings (ICE61, ICE91) as before.
- Signing via AzureSignTool with Key Vault was considered; CI uses azure/trusted-signing-action@v0.5.1 (account acme-ts, profile fieldsync) instead.
- Run 11962031174 green (6m02s); osslsigncode: signed by Acme Field Services GmbH, Microsoft timestamp, verification ok.

## Next
- ARM64 build (tomorrow).""", **M),
U("Morning. Go on with ARM64."),
]
findings = [
    F("mutation", 1, "6.0.0-rc.2", "Toolset: WiX 6.0.0 (do not downgrade",
      "the -rc.2 suffix carries the reason for the choice (ARM64 custom-action fix); 6.0.0 is a different (later) build"),
    F("omission", 1, "8C1F3A52-6D0B-4E7A-9B21-5F4C0E8D7A13", None,
      "the rule survives but the UpgradeCode itself is gone; ARM64 authoring tomorrow needs the exact GUID"),
    F("epistemic_collapse", 1, "does not have keys sign permission", "Signing via AzureSignTool with Key Vault was considered",
      "a tried-and-failed route (403 Forbidden on vault acme-codesign) becomes merely considered"),
]
forbid = [
    X("provenance_loss", 1, "the three constraints stay under 'Constraints (user)'; the Trusted Signing route is described as the pipeline's choice, which it was"),
    X("addition", 1, "187,432,960 is the tool's 187432960; ICE61/ICE91, run 11962031174, 6m02s and v0.5.1 are all in the transcript"),
]
invariants = [
    I("Keep the UpgradeCode exactly as it is", None, False),
    I("Per-machine install only", None, False),
    I("don't let anyone \"upgrade\" it to an older stable 5.x", None, False),
    I("does not have keys sign permission on key vault", 1, True),
]
build(CID, "WiX v3 -> v6 MSI port, Codex checkpoint: the pinned toolset 6.0.0-rc.2 loses its -rc.2, the UpgradeCode GUID needed for tomorrow's ARM64 package is dropped (the rule about it survives), and the failed AzureSignTool signing becomes 'considered'.",
      "sess-c9e2a4f0-fieldsync-wix6", "2026-11-21T09:48:00Z", items, findings, forbid, invariants)

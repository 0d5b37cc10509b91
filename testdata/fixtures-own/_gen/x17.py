from fx import *
CID = "x17-gnss-nmea-i2c-parser"
M = dict(policy="uniform", model="claude-sonnet-4-5", target_tokens=1800, trigger="auto")
items = [
U("""The fleet gateways (CM4, u-blox NEO-M9N on I2C) log about 3% NMEA checksum errors and sometimes a position with a timestamp from the previous second. Fix gnssd.
I'd rather not add any crates for this: the gateway image goes through a dependency audit and every new crate costs us a week. Hand-write whatever parsing you need.
Never send configuration (UBX-CFG-VALSET or anything else) to the receivers on fleet devices; they're configured at the factory and a bad write needs an RMA."""),
A("Reading gnssd's I2C reader and the project conventions."),
T("read_file", """README.md (lines 12-20)
## Conventions
- All timestamps are stored as UTC, RFC 3339 with millisecond precision.
- The receiver is read over I2C (DDC) at address 0x42: read 0xFD/0xFE for bytes available, then stream from 0xFF.
- gnssd must not block longer than 100 ms per poll."""),
T("bash", """$ grep -n -E 'const|fn read_chunk|split|0x42' src/ddc.rs | head -8
3:const ADDR: u16 = 0x42;
4:const MAX_READ: usize = 255;
17:fn read_chunk(dev: &mut LinuxI2CDevice) -> io::Result<Vec<u8>> {
29:    let text = String::from_utf8_lossy(&buf);
30:    for line in text.split("\\r\\n") {
31:        sentences.push(line.to_string());"""),
T("bash", """$ sudo journalctl -u gnssd --since "-1h" | grep -c 'checksum mismatch'; sudo journalctl -u gnssd --since "-1h" | grep -c 'sentence ok'; sudo journalctl -u gnssd --since "-1h" | grep 'checksum mismatch' | tail -2
412
12881
Nov 26 10:41:07 gw-0193 gnssd[611]: checksum mismatch: "$GNGGA,104106.00,5230.1184,N,01323.4471,E,1,14,0.71,41.2,M,44.1,M,,*" (got none)
Nov 26 10:41:07 gw-0193 gnssd[611]: checksum mismatch: "7A\\n$GNRMC,104107.00,A,5230.1183,N,01323.4473,E,0.02,,261126,,,A,V*0C" """),
A("""412 mismatches vs 12,881 good sentences in the last hour (3.1%). The log shows the cause directly: read_chunk reads at most 255 bytes and splits each chunk on \\r\\n on its own, so a sentence cut at the chunk boundary becomes two fragments: "...*" without its checksum, then "7A" glued to the next sentence. Sentences have to be reassembled across reads."""),
T("write_file", """src/nmea.rs (new, no dependencies):
pub struct Reassembler { buf: Vec<u8> }
impl Reassembler {
    pub fn push(&mut self, chunk: &[u8]) -> Vec<String>  // drops 0xFF filler, emits complete "$...*HH" sentences, keeps the tail
}
pub fn checksum_ok(s: &str) -> bool  // XOR of bytes between '$' and '*', compared with the two hex digits
src/ddc.rs: read_chunk() returns raw bytes; the poll loop feeds them into Reassembler"""),
T("bash", """$ cargo test --release 2>&1 | tail -4
test nmea::tests::split_across_chunks ... ok
test nmea::tests::filler_bytes_dropped ... ok
test nmea::tests::bad_checksum_rejected ... ok
test result: ok. 17 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out"""),
T("bash", """$ cross build --release --target aarch64-unknown-linux-gnu 2>&1 | tail -1 && scp target/aarch64-unknown-linux-gnu/release/gnssd gw-0193:/tmp/ && ssh gw-0193 'sudo systemctl stop gnssd && sudo install /tmp/gnssd /usr/local/bin/gnssd && sudo systemctl start gnssd' && sleep 1800 && ssh gw-0193 'journalctl -u gnssd --since "-30min" | grep -c "checksum mismatch"; journalctl -u gnssd --since "-30min" | grep -c "sentence ok"'
    Finished `release` profile [optimized] target(s) in 48.12s
0
6462"""),
A("On gw-0193, 30 minutes after deploying: 0 checksum mismatches, 6,462 good sentences."),
T("bash", """$ ssh gw-0193 'journalctl -u gnssd --since "-30min" -o cat | grep -E "^fix" | awk "{print \\$2, \\$3}" | head -4'
fix_time=10:58:12.000Z rmc_time=10:58:12.00
fix_time=10:58:13.000Z rmc_time=10:58:13.00
fix_time=10:58:13.000Z rmc_time=10:58:14.00
fix_time=10:58:15.000Z rmc_time=10:58:15.00"""),
A("""The stale-timestamp problem is still there: at 10:58:14 the fix carries the previous second's time. gnssd takes the time from GGA and the position from RMC; when the GGA of a new epoch arrives after the RMC, the two get paired across epochs. I think the fix is to key each epoch on the RMC time, but I haven't tested that yet."""),
U("Do that tomorrow. Keep it hand-written, same as the reassembler."),
T("bash", """$ git checkout -qb fix/nmea-reassembly && git add src && git commit -qm "gnssd: reassemble NMEA sentences across 255-byte DDC reads" && git push -q -u origin fix/nmea-reassembly && gh pr create --fill | tail -1
https://github.com/acme/gateway/pull/377"""),
A("PR #377 has the reassembler. The epoch pairing fix is tomorrow's task."),
CUT("""This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
Fixed gnssd's NMEA checksum errors on the fleet gateways by reassembling sentences across I2C reads; a stale-timestamp pairing bug remains.

Summary:
1. Primary Request and Intent:
   - Fix ~3% NMEA checksum errors and occasional previous-second timestamps in gnssd (CM4 gateways, u-blox NEO-M9N on I2C).
   - User rule: never send configuration (UBX-CFG-VALSET or anything else) to receivers on fleet devices; factory-configured, a bad write means an RMA.
   - The user requires all timestamps stored as UTC, RFC 3339 with millisecond precision, and gnssd must not block more than 100 ms per poll.

2. Key Technical Concepts:
   - u-blox DDC over I2C at address 0x24 (0xFD/0xFE bytes available, stream from 0xFF), 255-byte reads, 0xFF filler; NMEA checksum = XOR between '$' and '*'.

3. Files and Code Sections:
   - src/nmea.rs (new): Reassembler (drops 0xFF filler, emits complete sentences, keeps the tail) and checksum_ok().
   - src/ddc.rs: read_chunk returns raw bytes; the poll loop feeds the Reassembler.

4. Errors and fixes:
   - Cause of the checksum errors (from the journal): sentences cut at the 255-byte chunk boundary were split into two fragments. Fixed by reassembly.
   - Before: 412 mismatches vs 12,881 good sentences per hour (3.1%). After, on gw-0193: 0 mismatches, 6,462 good sentences in 30 minutes. cargo test: 17 passed.

5. Problem Solving:
   - Stale timestamps: GGA time and RMC position get paired across epochs when a new epoch's GGA arrives after its RMC. Idea (untested): key each epoch on the RMC time.

6. Pending Tasks:
   - Tomorrow: epoch pairing fix.

7. Current Work:
   - PR https://github.com/acme/gateway/pull/377 open.""", **M),
U("Morning. Let's do the epoch pairing."),
]
findings = [
    F("mutation", 1, "at address 0x42", "I2C at address 0x24",
      "the receiver's I2C address 0x42 becomes 0x24 (digits swapped)"),
    F("omission", 1, "I'd rather not add any crates for this", None,
      "the user's no-new-crates preference (restated in m13 as 'keep it hand-written') is gone just before the pairing work, where a crate is the obvious shortcut"),
    F("provenance_loss", 1, "All timestamps are stored as UTC, RFC 3339", "The user requires all timestamps stored as UTC",
      "a README convention (with the 100 ms rule) is presented as the user's requirement"),
]
forbid = [
    X("epistemic_collapse", 1, "the RMC-keying idea stays untested; the checksum cause is stated as coming from the journal, which showed it; stale timestamps stay open"),
    X("addition", 1, "412, 12,881 (12881), 3.1%, 6,462 (6462) and 17 passed come from tool output; PR #377 from m14"),
]
invariants = [
    I("Never send configuration (UBX-CFG-VALSET or anything else)", None, False),
    I("must not block longer than 100 ms per poll", None, False),
]
build(CID, "GNSS NMEA parser on fleet gateways: the u-blox I2C address 0x42 becomes 0x24, the user's 'no new crates' preference disappears before the next task, and the README's UTC/100 ms conventions become the user's requirements.",
      "sess-3a7d19c5-gnssd", "2026-11-26T10:20:00Z", items, findings, forbid, invariants)

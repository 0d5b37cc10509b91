# Builds opencode.db (+ an uncheckpointed opencode.db-wal) from the JSON storage fixture
# next door, with the tables current OpenCode builds create (drizzle, session.sql.ts):
# the JSON of each message and part, minus its ids, goes into the "data" column.
import json, os, glob, shutil, sqlite3
HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "..", "storage")
for f in ("opencode.db", "opencode.db-wal", "opencode.db-shm"):
    if os.path.exists(os.path.join(HERE, f)):
        os.remove(os.path.join(HERE, f))
tmp = os.path.join(HERE, "build.db")
for f in (tmp, tmp + "-wal", tmp + "-shm"):
    if os.path.exists(f):
        os.remove(f)
c = sqlite3.connect(tmp)
c.execute("PRAGMA journal_mode=WAL")
c.execute("PRAGMA wal_autocheckpoint=0")
c.executescript("""
CREATE TABLE `project` (`id` text PRIMARY KEY NOT NULL, `worktree` text NOT NULL, `vcs` text, `time_created` integer NOT NULL, `time_updated` integer NOT NULL);
CREATE TABLE `session` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`parent_id` text,
	`slug` text NOT NULL,
	`directory` text NOT NULL,
	`title` text NOT NULL,
	`version` text NOT NULL,
	`share_url` text,
	`summary_additions` integer,
	`summary_deletions` integer,
	`summary_files` integer,
	`summary_diffs` text,
	`revert` text,
	`permission` text,
	`time_created` integer NOT NULL,
	`time_updated` integer NOT NULL,
	`time_compacting` integer,
	`time_archived` integer,
	FOREIGN KEY (`project_id`) REFERENCES `project`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE TABLE `message` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`time_created` integer NOT NULL,
	`time_updated` integer NOT NULL,
	`data` text NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `session`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `message_session_idx` ON `message` (`session_id`);
CREATE TABLE `part` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`session_id` text NOT NULL,
	`time_created` integer NOT NULL,
	`time_updated` integer NOT NULL,
	`data` text NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `message`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `part_message_idx` ON `part` (`message_id`);
""")

def load(path):
    with open(path) as f:
        return json.load(f)

def add_session(info_path):
    info = load(info_path)
    sid = info["id"]
    c.execute("INSERT OR IGNORE INTO project VALUES (?,?,?,?,?)", (info["projectID"], info["directory"], "git", info["time"]["created"], info["time"]["updated"]))
    c.execute("INSERT INTO session (id, project_id, slug, directory, title, version, time_created, time_updated) VALUES (?,?,?,?,?,?,?,?)",
              (sid, info["projectID"], info.get("slug", "s"), info["directory"], info["title"], info["version"], info["time"]["created"], info["time"]["updated"]))
    for mf in sorted(glob.glob(os.path.join(SRC, "message", sid, "*.json"))):
        m = load(mf)
        mid = m.pop("id"); m.pop("sessionID")
        t = m["time"]["created"]
        c.execute("INSERT INTO message VALUES (?,?,?,?,?)", (mid, sid, t, t, json.dumps(m)))
        for pf in sorted(glob.glob(os.path.join(SRC, "part", mid, "*.json"))):
            p = load(pf)
            pid = p.pop("id"); p.pop("sessionID"); p.pop("messageID")
            c.execute("INSERT INTO part VALUES (?,?,?,?,?,?)", (pid, mid, sid, t, t, json.dumps(p)))

infos = sorted(glob.glob(os.path.join(SRC, "session", "*", "*.json")))
# The older session goes into the main file; the other stays in the log only.
add_session([i for i in infos if "ses_e109" in i][0])
c.commit()
c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
add_session([i for i in infos if "ses_e07c" in i][0])
# A third session whose tool output spans overflow pages.
c.execute("INSERT INTO session (id, project_id, slug, directory, title, version, time_created, time_updated) VALUES ('ses_bigoutput', 'global', 'big', '/tmp', 'big', '1.0.134', 1795000000000, 1795000100000)")
c.execute("INSERT INTO message VALUES ('msg_big1', 'ses_bigoutput', 1795000000000, 1795000000000, ?)", (json.dumps({"role": "user", "time": {"created": 1795000000000}, "agent": "build", "model": {"providerID": "p", "modelID": "m"}}),))
c.execute("INSERT INTO part VALUES ('prt_big1', 'msg_big1', 'ses_bigoutput', 1795000000000, 1795000000000, ?)", (json.dumps({"type": "text", "text": "List the log."}),))
c.execute("INSERT INTO message VALUES ('msg_big2', 'ses_bigoutput', 1795000001000, 1795000001000, ?)", (json.dumps({"role": "assistant", "parentID": "msg_big1", "time": {"created": 1795000001000, "completed": 1795000002000}, "modelID": "m", "providerID": "p", "mode": "build", "agent": "build", "path": {"cwd": "/tmp", "root": "/tmp"}, "cost": 0, "tokens": {"input": 1, "output": 1, "reasoning": 0, "cache": {"read": 0, "write": 0}}, "finish": "stop"}),))
big = "\n".join("line %05d: GET /api/v1/items?page=%d 200 %dms" % (i, i, i % 97) for i in range(1500))
c.execute("INSERT INTO part VALUES ('prt_big2', 'msg_big2', 'ses_bigoutput', 1795000001000, 1795000001000, ?)", (json.dumps({"type": "tool", "callID": "call_big", "tool": "bash", "state": {"status": "completed", "input": {"command": "cat access.log"}, "output": big, "title": "log", "metadata": {}, "time": {"start": 1795000001000, "end": 1795000001500}}}),))
c.commit()
# Copy while the connection is open, so the log is not checkpointed away.
shutil.copy(tmp, os.path.join(HERE, "opencode.db"))
shutil.copy(tmp + "-wal", os.path.join(HERE, "opencode.db-wal"))
c.close()
for f in (tmp, tmp + "-wal", tmp + "-shm"):
    if os.path.exists(f):
        os.remove(f)
os.makedirs(os.path.join(HERE, "storage", "plugin", "dcp"), exist_ok=True)
for f in glob.glob(os.path.join(SRC, "plugin", "dcp", "*.json")):
    shutil.copy(f, os.path.join(HERE, "storage", "plugin", "dcp"))

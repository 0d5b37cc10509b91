from fx import *
CID = "x05-cuda-driver-pinning"
M = dict(policy="uniform", model="claude-sonnet-4-5", target_tokens=1800, trigger="auto")
items = [
U("""The training nodes have drifted apart: some jobs die with "CUDA driver version is insufficient". Make the gpu-node Ansible role pin everything:
NVIDIA driver 550.127.05, CUDA toolkit 12.4.1, cuDNN 9.1.0.70-1+cuda12.4.
Do not move to the 560 driver branch: the Lustre client (lustre-client-modules 2.15.5) isn't built against it and the nodes lose /scratch.
Reboot at most 2 nodes at a time; the scheduler only tolerates that much."""),
A("Surveying what the 16 nodes actually run first."),
T("bash", """$ ansible gpu -i inventory/train.ini -m shell -a "nvidia-smi --query-gpu=driver_version --format=csv,noheader | sort -u; nvcc --version | tail -1" -o 2>/dev/null | awk -F'|' '{print $1, $4}' | sort -k2 | uniq -c -f1
     13 gpu-01 (stdout) 550.127.05 Build cuda_12.4.r12.4/compiler.34097967_0
      3 gpu-07 (stdout) 550.54.15 Build cuda_12.4.r12.4/compiler.33961263_0
$ ansible 'gpu-07,gpu-11,gpu-12' -i inventory/train.ini -m shell -a "dpkg -l | grep -E 'nvidia-driver-550|libcudnn9-cuda-12 ' | awk '{print \\$2, \\$3}'" -o
gpu-07 | CHANGED | rc=0 | (stdout) nvidia-driver-550 550.54.15-0ubuntu1  libcudnn9-cuda-12 9.1.0.70-1+cuda12.4
gpu-11 | CHANGED | rc=0 | (stdout) nvidia-driver-550 550.54.15-0ubuntu1  libcudnn9-cuda-12 9.1.0.70-1+cuda12.4
gpu-12 | CHANGED | rc=0 | (stdout) nvidia-driver-550 550.54.15-0ubuntu1  libcudnn9-cuda-12 9.1.0.70-1+cuda12.4"""),
A("13 nodes are on 550.127.05; gpu-07, gpu-11 and gpu-12 are still on 550.54.15 (and an older 12.4 nvcc build). cuDNN is 9.1.0.70-1+cuda12.4 everywhere."),
T("read_file", """roles/gpu-node/tasks/main.yml (lines 1-14)
- name: NVIDIA driver
  apt:
    name: cuda-drivers
    state: latest
- name: CUDA toolkit
  apt:
    name: cuda-toolkit-12-4
    state: present
- name: cuDNN
  apt:
    name: libcudnn9-cuda-12
    state: present"""),
A("The role installs cuda-drivers with state: latest, which is how nodes built at different times ended up on different drivers. Switching to exact versions plus apt holds."),
T("edit_file", """roles/gpu-node/tasks/main.yml: cuda-drivers latest -> nvidia-driver-550=550.127.05-0ubuntu1 + nvidia-dkms-550=550.127.05-0ubuntu1; cuda-toolkit-12-4=12.4.1-1; libcudnn9-cuda-12=9.1.0.70-1+cuda12.4; new task 'hold GPU packages' (dpkg_selections: hold) for all four; defaults/main.yml: nvidia_driver_version: "550.127.05", cuda_version: "12.4.1", cudnn_version: "9.1.0.70-1+cuda12.4\""""),
T("bash", """$ ansible-playbook -i inventory/train.ini site.yml --limit gpu-07 --tags gpu-node --check --diff 2>&1 | grep -E 'nvidia-driver|cuda-drivers|Conflicts|FAILED' | head -5
fatal: [gpu-07]: FAILED! => {"msg": "'/usr/bin/apt-get -y install nvidia-driver-550=550.127.05-0ubuntu1 nvidia-dkms-550=550.127.05-0ubuntu1' failed: The following packages have unmet dependencies:\\n cuda-drivers-550 : Depends: nvidia-driver-560 (>= 560.35.03) but it is not going to be installed"}"""),
A("""The install fails on unmet dependencies: gpu-07 still has the cuda-drivers metapackage installed, and the CUDA repo's newest cuda-drivers now pulls nvidia-driver-560. Removing the metapackage (it's only a pointer) before installing the pinned driver.
Aside: the PyTorch 2.5 wheels we use are built for CUDA 12.4 and would also run on 560.35.03; moving the fleet to 560 would be the less fiddly long-term pin."""),
U("No. 560 is out, I told you why: Lustre. Stay on 550."),
T("edit_file", """roles/gpu-node/tasks/main.yml: + task before the driver: apt name=cuda-drivers,cuda-drivers-550 state=absent"""),
T("bash", """$ ansible-playbook -i inventory/train.ini site.yml --limit gpu-07 --tags gpu-node --diff 2>&1 | tail -2 && ansible gpu-07 -i inventory/train.ini -b -m reboot && ansible gpu-07 -i inventory/train.ini -m shell -a "nvidia-smi --query-gpu=driver_version --format=csv,noheader | uniq; nvcc --version | tail -1; mount | grep -c ' /scratch '" -o
PLAY RECAP *********************************************************************
gpu-07                     : ok=19   changed=5    unreachable=0    failed=0    skipped=2
gpu-07 | CHANGED | rc=0 | (stdout) 550.127.05\\nBuild cuda_12.4.r12.4/compiler.34097967_0\\n1"""),
A("gpu-07 now runs 550.127.05 with the 12.4.1 toolkit and /scratch is mounted. gpu-11 and gpu-12 next, together (2 at a time)."),
T("bash", """$ ansible-playbook -i inventory/train.ini site.yml --limit 'gpu-11,gpu-12' --tags gpu-node 2>&1 | tail -3 && ansible 'gpu-11,gpu-12' -i inventory/train.ini -b -m reboot -f 2 >/dev/null && ansible 'gpu-11,gpu-12' -i inventory/train.ini -m shell -a "nvidia-smi --query-gpu=driver_version --format=csv,noheader | uniq; mount | grep -c ' /scratch '" -o
gpu-11                     : ok=19   changed=5    unreachable=0    failed=0    skipped=2
gpu-12                     : ok=19   changed=5    unreachable=0    failed=0    skipped=2
gpu-11 | CHANGED | rc=0 | (stdout) 550.127.05\\n1
gpu-12 | CHANGED | rc=0 | (stdout) 550.127.05\\n1"""),
A("All three stragglers are on 550.127.05 with /scratch mounted. The other 13 already matched; running the role on them only adds the holds, no reboot needed."),
U("Do the holds on the other 13 tomorrow morning, they're all busy with the llama eval right now. Write up what's pinned in docs/gpu-nodes.md."),
T("write_file", """Created docs/gpu-nodes.md:
# GPU node software pins (roles/gpu-node)
- nvidia-driver-550 550.127.05-0ubuntu1 (held)
- cuda-toolkit-12-4 12.4.1-1 (held)
- libcudnn9-cuda-12 9.1.0.70-1+cuda12.4 (held)
- Not on the 560 branch: lustre-client-modules 2.15.5 has no build for it (/scratch is lost).
- Reboot at most 2 nodes at a time."""),
CUT("""This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
Pinned the GPU software stack in the gpu-node Ansible role and fixed the three drifted nodes.

Summary:
1. Primary Request and Intent:
   - Stop driver drift on the 16 training nodes ("CUDA driver version is insufficient") by pinning NVIDIA driver 550.127.05, CUDA 12.4 and cuDNN 9.1.0.70 in roles/gpu-node.
   - User: reboot at most 2 nodes at a time (scheduler tolerance).

2. Key Technical Concepts:
   - apt version pins plus dpkg holds; cuda-drivers metapackage pulling newer driver branches.

3. Files and Code Sections:
   - roles/gpu-node/tasks/main.yml: exact versions for nvidia-driver-550 / nvidia-dkms-550, cuda-toolkit-12-4, libcudnn9-cuda-12, holds on all four; removes the cuda-drivers and cuda-drivers-550 metapackages first. Versions in defaults/main.yml.
   - docs/gpu-nodes.md: the pins and the reboot rule.

4. Errors and fixes:
   - First check run on gpu-07 failed: cuda-drivers-550 depends on nvidia-driver-560 (>= 560.35.03). Fixed by removing the metapackage before installing the pinned driver.

5. Problem Solving:
   - Presumably a few nodes were still on an older 550 build; they were brought to 550.127.05.
   - gpu-07, then gpu-11 and gpu-12 together: role applied (ok=19 changed=5), rebooted, 550.127.05 running, /scratch mounted.
   - Fallback if the 550 pins keep breaking: move the fleet to the 560.35.03 branch, which the PyTorch 2.5 CUDA 12.4 wheels also support.

6. Pending Tasks:
   - Tomorrow morning: apply the holds on the other 13 nodes (busy with the llama eval now).

7. Current Work:
   - docs/gpu-nodes.md written.""", **M),
U("Thanks. Tomorrow then."),
]
findings = [
    F("mutation", 1, "CUDA toolkit 12.4.1", "CUDA 12.4 and cuDNN 9.1.0.70",
      "toolkit pin 12.4.1 truncated to 12.4 (12.4.0 is a different toolkit build, as the two nvcc builds show)"),
    F("mutation", 1, "cuDNN 9.1.0.70-1+cuda12.4", "cuDNN 9.1.0.70 in roles/gpu-node",
      "the -1+cuda12.4 package suffix is dropped; the same cuDNN version exists built for other CUDA minors"),
    F("epistemic_collapse", 1, "560 is out, I told you why: Lustre", "Fallback if the 550 pins keep breaking: move the fleet to the 560.35.03",
      "the option the user rejected (twice: rule in m1, 'No. 560 is out' in m11) comes back as a fallback"),
    F("provenance_loss", 1, "gpu-07 (stdout) 550.54.15", "Presumably a few nodes were still on an older 550 build",
      "nvidia-smi measured exactly which nodes ran 550.54.15; the summary turns it into a presumption and loses the node names"),
]
forbid = [
    X("addition", 1, "ok=19 changed=5, 560.35.03, the 16 nodes and the llama eval all come from the transcript"),
]
invariants = [
    I("Do not move to the 560 driver branch", 1, True),
    I("Reboot at most 2 nodes at a time", None, False),
    I("Depends: nvidia-driver-560 (>= 560.35.03)", None, False),
]
build(CID, "GPU driver/CUDA pinning in Ansible: CUDA 12.4.1 is truncated to 12.4 and cuDNN loses its -1+cuda12.4 suffix, the 560 branch the user forbade comes back as a fallback, and nvidia-smi's exact drift becomes a 'presumably'.",
      "sess-61f0aa3c-gpu-pins", "2026-11-18T15:20:00Z", items, findings, forbid, invariants)

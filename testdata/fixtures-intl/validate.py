#!/usr/bin/env python3
"""Check this folder's fixtures against the labelling rules of /work/shared/fixtures/README.md:
the checks of ../fixtures-own/validate.py, run on this folder (or on the folder given)."""
import os
import runpy
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.argv = [sys.argv[0], sys.argv[1] if len(sys.argv) > 1 else here]
runpy.run_path(os.path.join(here, "..", "fixtures-own", "validate.py"), run_name="__main__")

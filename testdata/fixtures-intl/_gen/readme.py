"""Regenerate ../README.md with the x series' readme.py (../../fixtures-own/_gen), run on
this folder's i cases and its own readme_head.md and coverage.md."""
import os
import runpy

here = os.path.dirname(os.path.abspath(__file__))
runpy.run_path(os.path.join(here, "..", "..", "fixtures-own", "_gen", "readme.py"), init_globals={"HERE": here, "CASES": "i[0-9]*"})

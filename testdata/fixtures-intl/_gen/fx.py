"""The x series helper, ../../fixtures-own/_gen/fx.py, run in place: ROOT (where the case
folders are written) is this folder's parent, as it is for the x series."""
import os

_src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "fixtures-own", "_gen", "fx.py")
exec(compile(open(_src, encoding="utf-8").read(), _src, "exec"))

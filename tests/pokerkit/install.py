"""Installs one pure-Python wheel from PyPI into this interpreter's
site-packages, with the standard library only: a venv made with
``--without-pip`` (Debian ships ensurepip apart, in python3-venv) has no pip.
The wheel's SHA-256 is the one PyPI publishes for it.

usage: python install.py NAME VERSION
"""

import hashlib
import re
import sys
import sysconfig
import urllib.request
import zipfile
from io import BytesIO


def main() -> None:
    name, version = sys.argv[1], sys.argv[2]
    # The simple index (PEP 503), as pip reads it: each file a link with
    # its sha256 in the fragment.
    with urllib.request.urlopen(f"https://pypi.org/simple/{name}/", timeout=30) as r:
        page = r.read().decode()
    wheel = f"{name}-{version}-py3-none-any.whl"
    found = re.search(r'href="([^"#]*/' + re.escape(wheel) + r')#sha256=([0-9a-f]{64})"', page)
    if not found:
        sys.exit(f"{wheel}: not on PyPI's simple index")
    url, sha256 = found.groups()
    with urllib.request.urlopen(url, timeout=60) as r:
        data = r.read()
    digest = hashlib.sha256(data).hexdigest()
    if digest != sha256:
        sys.exit(f"{wheel}: sha256 {digest} is not PyPI's {sha256}")
    zipfile.ZipFile(BytesIO(data)).extractall(sysconfig.get_paths()["purelib"])


if __name__ == "__main__":
    main()

import base64, hashlib, struct
def token(seed, n=1100):
    # Fernet-shaped blob: 0x80, 8-byte timestamp, 16-byte IV, ciphertext, 32-byte HMAC; deterministic filler
    out = b""
    h = seed.encode()
    while len(out) < n:
        h = hashlib.sha256(h).digest()
        out += h
    body = b"\x80" + struct.pack(">Q", 1764460000) + out[:16] + out[16:n] + hashlib.sha256(out).digest()
    return base64.urlsafe_b64encode(body).decode()

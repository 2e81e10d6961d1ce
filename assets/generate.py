#!/usr/bin/env python3
"""Generates the editor's PNG assets (art placeholder, app icon) with only the
standard library, so they can be re-made and tweaked without an image editor."""
import math, os, struct, zlib

HERE = os.path.dirname(os.path.abspath(__file__))

def write_png(path, w, h, pixel):
    rows = bytearray()
    for y in range(h):
        rows.append(0)
        for x in range(w):
            rows.extend(bytes(pixel(x, y)))
    def chunk(tag, data):
        c = struct.pack(">I", len(data)) + tag + data
        return c + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")
    with open(os.path.join(HERE, path), "wb") as f:
        f.write(png)

def mix(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(len(a)))

def rounded_inside(x, y, w, h, r):
    cx = min(max(x, r), w - 1 - r)
    cy = min(max(y, r), h - 1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r

def art(x, y):
    W, H = 214, 140
    t = y / H
    sky = mix((70, 90, 140), (200, 170, 120), t)
    # a sigil: a circle with a star, so empty art still looks like a card
    dx, dy = x - W / 2, y - H / 2
    d = math.hypot(dx, dy)
    if abs(d - 46) < 2.5:
        return (240, 220, 160, 255)
    ang = math.atan2(dy, dx)
    star = 30 + 14 * math.cos(5 * ang)
    if d < star and d > star - 4:
        return (240, 220, 160, 255)
    return sky + (255,)
write_png("art/placeholder.png", 214, 140, art)

def icon(x, y):
    S = 64
    if not rounded_inside(x, y, S, S, 12):
        return (0, 0, 0, 0)
    dx, dy = x - S / 2 + 0.5, y - S / 2 + 0.5
    d = math.hypot(dx, dy)
    ang = math.atan2(dy, dx)
    if abs(d - 22) < 2:
        return (250, 210, 120, 255)
    star = 15 + 6 * math.cos(5 * ang)
    if d < star:
        return mix((250, 210, 120), (200, 90, 40), d / 21) + (255,)
    return mix((40, 36, 60), (20, 18, 30), y / S) + (255,)
write_png("icons/sigilforge.png", 64, 64, icon)

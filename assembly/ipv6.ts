// IPv6 hosts: #concept-ipv6-parser and #concept-ipv6-serializer.
// The eight 16-bit pieces live at IPV6_PIECES (layout.ts) while being parsed.

import { ld8, st8, ld32, st32 } from "./memory";
import { IPV6_PIECES } from "./layout";
import { isAsciiDigit, isHexDigit, hexValue } from "./tables";
import { hexDigit } from "./percent";
import { COLON, DOT, DIGIT_0 } from "./charcode";

function piece(i: i32): i32 {
  return ld32(IPV6_PIECES + (i << 2));
}

function setPiece(i: i32, v: i32): void {
  st32(IPV6_PIECES + (i << 2), v);
}

/** #concept-ipv6-parser on [p, end) (the text between "[" and "]"); false for failure. */
export function parseIPv6(p: i32, end: i32): bool {
  for (let i = 0; i < 8; i++) setPiece(i, 0);
  let pieceIndex = 0;
  let compress = -1;
  // "If c is U+003A (:), then: If remaining does not start with U+003A (:), return failure."
  if (p < end && ld8(p) == COLON) {
    if (p + 1 >= end || ld8(p + 1) != COLON) return false;
    p += 2;
    pieceIndex++;
    compress = pieceIndex;
  }
  while (p < end) {
    if (pieceIndex == 8) return false;
    if (ld8(p) == COLON) {
      if (compress != -1) return false;
      p++;
      pieceIndex++;
      compress = pieceIndex;
      continue;
    }
    let value = 0;
    let length = 0;
    while (length < 4 && p < end && isHexDigit(ld8(p))) {
      value = value * 16 + hexValue(ld8(p));
      p++;
      length++;
    }
    if (p < end && ld8(p) == DOT) {
      // IPv4 in IPv6: "If length is 0, return failure. Decrease pointer by length."
      if (length == 0) return false;
      p -= length;
      if (pieceIndex > 6) return false;
      let numbersSeen = 0;
      while (p < end) {
        let ipv4Piece = -1;
        if (numbersSeen > 0) {
          if (ld8(p) == DOT && numbersSeen < 4) p++;
          else return false;
        }
        if (p >= end || !isAsciiDigit(ld8(p))) return false;
        while (p < end && isAsciiDigit(ld8(p))) {
          const number = ld8(p) - DIGIT_0;
          if (ipv4Piece == -1) ipv4Piece = number;
          else if (ipv4Piece == 0) return false;
          else ipv4Piece = ipv4Piece * 10 + number;
          if (ipv4Piece > 255) return false;
          p++;
        }
        setPiece(pieceIndex, piece(pieceIndex) * 0x100 + ipv4Piece);
        numbersSeen++;
        if (numbersSeen == 2 || numbersSeen == 4) pieceIndex++;
      }
      if (numbersSeen != 4) return false;
      break;
    } else if (p < end && ld8(p) == COLON) {
      p++;
      if (p >= end) return false;
    } else if (p < end) {
      return false;
    }
    setPiece(pieceIndex, value);
    pieceIndex++;
  }
  if (compress != -1) {
    let swaps = pieceIndex - compress;
    pieceIndex = 7;
    while (pieceIndex != 0 && swaps > 0) {
      const t = piece(pieceIndex);
      setPiece(pieceIndex, piece(compress + swaps - 1));
      setPiece(compress + swaps - 1, t);
      pieceIndex--;
      swaps--;
    }
  } else if (pieceIndex != 8) {
    return false;
  }
  return true;
}

/** #find-the-ipv6-address-compressed-piece-index: the first longest run of two or more 0 pieces, or -1. */
function compressedPieceIndex(): i32 {
  let longestIndex = -1;
  let longestSize = 1;
  let foundIndex = -1;
  let foundSize = 0;
  for (let i = 0; i < 8; i++) {
    if (piece(i) != 0) {
      if (foundSize > longestSize) {
        longestIndex = foundIndex;
        longestSize = foundSize;
      }
      foundIndex = -1;
      foundSize = 0;
    } else {
      if (foundIndex == -1) foundIndex = i;
      foundSize++;
    }
  }
  if (foundSize > longestSize) return foundIndex;
  return longestIndex;
}

function writeHex(o: i32, v: i32): i32 {
  // Lower-case hex without leading zeros.
  let started = false;
  for (let shift = 12; shift >= 0; shift -= 4) {
    const nibble = (v >> shift) & 15;
    if (nibble == 0 && !started && shift > 0) continue;
    started = true;
    st8(o, hexDigit(nibble) | 0x20);
    o++;
  }
  return o;
}

/** #concept-ipv6-serializer of the pieces at IPV6_PIECES, written at `o` (without brackets). */
export function writeIPv6(o: i32): i32 {
  const compress = compressedPieceIndex();
  let ignore0 = false;
  for (let i = 0; i < 8; i++) {
    if (ignore0 && piece(i) == 0) continue;
    ignore0 = false;
    if (compress == i) {
      st8(o, COLON);
      o++;
      if (i == 0) {
        st8(o, COLON);
        o++;
      }
      ignore0 = true;
      continue;
    }
    o = writeHex(o, piece(i));
    if (i != 7) {
      st8(o, COLON);
      o++;
    }
  }
  return o;
}

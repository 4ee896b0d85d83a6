// Perft reference counts for LancerChess from ffish (Fairy-Stockfish compiled to
// WebAssembly), a move generator that shares no code with tempest's engine.
// Prints the whole suite file tests/perft/lancer.epd, header included:
//
//   cd tests/perft/ffish && npm install && node --no-experimental-fetch lancer-counts.js > ../lancer.epd
//
// Positions are written in tempest's FEN letters and translated for ffish. Progress
// and timings go to stderr; stdout is deterministic.
'use strict';

const ffish = require('ffish');
const FFISH_VERSION = require('ffish/package.json').version;
const EXPECTED_VERSION = '0.7.10';

// LancerChess as a Fairy-Stockfish variant. ffish's own letters: k is the royal piece
// (our Queen, on d1/d8), q moves like a chess queen (our King), r/b/p as in chess,
// l = King's Lancer (WD), m = Queen's Lancer (FA). Castling: the royal piece goes to
// f1 (rook h1-e1, right K) or b1 (rook a1-c1, right Q). The promotion line is a
// placeholder: our promotion to a Lancer depends on the square colour, which this
// format cannot say, so no position below may reach a promotion (checked in perft()).
const VARIANT_INI = [
  '[lancer:chess]',
  'knight = -',
  'customPiece1 = l:WD',
  'customPiece2 = m:FA',
  'startFen = rmbkqblr/pppppppp/8/8/8/8/PPPPPPPP/RMBKQBLR w KQkq - 0 1',
  'castlingKingFile = d',
  'castlingKingsideFile = f',
  'castlingQueensideFile = b',
  'promotionPieceTypes = qrblm',
].join('\n') + '\n';

// Our letter -> ffish letter (white; black is the lower case of both).
const TO_FFISH = { Q: 'K', K: 'Q', T: 'R', B: 'B', L: 'L', M: 'M', P: 'P' };
const FROM_FFISH = Object.fromEntries(Object.entries(TO_FFISH).map(([a, b]) => [b, a]));

// Each position: what it exercises, its FEN in our letters, and the deepest depth.
// Depths above 4 are run only by `make check-long`.
const POSITIONS = [
  { fen: 'tmbqkblt/pppppppp/8/8/8/8/PPPPPPPP/TMBQKBLT w KQkq - 0 1', depth: 6,
    note: ['Start position.'] },
  { fen: 't2q3t/pppbkppp/2m2l2/3pp3/3PP3/2M2L2/PPPBKPPP/T2Q3T w KQkq - 0 1', depth: 4,
    note: ['Developed, symmetrical: both sides may protect the Queen on either wing.'] },
  { fen: 't2q3t/p1p2p1p/8/8/8/4m3/P1P2P1P/T2Q3T w KQkq - 0 1', depth: 5,
    note: ['Black Queen\'s Lancer on e3 covers c1 (no d1-b1) and g1, which only the',
           'Tower crosses (d1-f1 stays legal).'] },
  { fen: 't2q3t/pp3ppp/8/5b2/8/4l3/PP1P1PPP/T2Q3T w KQkq - 0 1', depth: 5,
    note: ['King\'s Lancer on e3 covers e1 by a jump (no d1-f1); the Baron on f5 covers',
           'b1, the Queen\'s landing square (no d1-b1).'] },
  { fen: 't2q3t/ppp1pppp/8/8/5B2/3l2K1/PPP1PPPP/T2Q3T w KQkq - 0 1', depth: 5,
    note: ['Queen in check from a King\'s Lancer jump d3-d1: no protecting, and a piece',
           'on d2 (Bf4-d2) does not block a jump.'] },
  { fen: 't2q3t/ppm1pppp/8/K2t4/6b1/3L4/PPP1MPPP/T2Q3T w KQkq - 0 1', depth: 4,
    note: ['Pinned Lancers: Ld3 (Tower d5) and Me2 (Baron g4) may move along the pin line,',
           'and capture the pinner by a jump; black Mc7 is pinned by the King on a5.'] },
  { fen: 't2q3t/ppp2ppp/1m3l2/3pP3/4Q3/2L5/PPP2PPP/T6T w kq d6 0 1', depth: 4,
    note: ['En passant that removes a checking Pikeman (d7-d5+ against the Queen on e4).'] },
  { fen: '2l5/2p5/3p4/QP5t/1T3p1q/8/4P1P1/6M1 w - - 0 1', depth: 4,
    note: ['En passant along a pinned rank (chess position 3 with Lancers added):',
           'b5xc6 and f4xe3 e.p. would expose a Queen to a Tower.'] },
  { fen: 't2q3t/pp2p1pp/1m2L3/8/5B2/8/PP3PPP/T2Q3T b KQkq - 0 1', depth: 5,
    note: ['Black to move: Le6 covers e8 by a jump (no d8-f8), Bf4 covers b8 (no',
           'd8-b8) until Mb6-c7 blocks the diagonal.'] },
  { fen: 't2q3t/p1p2p1p/L6L/8/8/l6l/P1P2P1P/T2Q3T w KQkq - 0 1', depth: 5,
    note: ['Lancers jump into the corners and take Towers: the rights go with them.'] },
  { fen: 't2q3t/ppp2ppp/5L2/6B1/8/8/PPP2PPP/6Q1 w kq - 0 1', depth: 5,
    note: ['Discovered and double checks: Lf6 masks Bg5; Lf6-d6 and Lf6-f8 check twice.'] },
];

// Translates the piece placement of a FEN between the two letter sets.
function translate(fen, table) {
  const fields = fen.split(' ');
  fields[0] = fields[0].replace(/[A-Za-z]/g, (c) => {
    const up = table[c.toUpperCase()];
    if (!up) throw new Error(`${fen}: no translation for '${c}'`);
    return c === c.toUpperCase() ? up : up.toLowerCase();
  });
  return fields.join(' ');
}

// Leaf count DEPTH plies below the board's position (bulk-counted at the last ply).
function perft(board, depth, fen) {
  const list = board.legalMoves();
  if (list === '') return 0;
  const moves = list.split(' ');
  for (const m of moves)
    if (m.length !== 4)
      throw new Error(`${fen}: move '${m}' (after '${board.moveStack()}') is a ` +
                      'promotion or of an unexpected form; choose a position without promotions');
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) {
    board.push(m);
    n += perft(board, depth - 1, fen);
    board.pop();
  }
  return n;
}

// Sets up one position and checks that ffish reads it exactly as written.
function board_for(fen) {
  const theirs = translate(fen, TO_FFISH);
  if (ffish.validateFen(theirs, 'lancer') !== 1)
    throw new Error(`${fen}: ffish rejects '${theirs}'`);
  const board = new ffish.Board('lancer', theirs);
  const back = translate(board.fen(), FROM_FFISH);
  if (back !== fen)
    throw new Error(`${fen}: ffish reads it as '${back}'`);
  return board;
}

// The suite line for one position: "FEN ;D1 n ;D2 n ...".
function suite_line(pos) {
  const board = board_for(pos.fen);
  let line = pos.fen;
  for (let d = 1; d <= pos.depth; d++) {
    const t0 = Date.now();
    const n = perft(board, d, pos.fen);
    process.stderr.write(`${pos.fen} D${d} ${n} (${(Date.now() - t0) / 1000} s)\n`);
    line += ` ;D${d} ${n}`;
  }
  board.delete();
  return line;
}

function header() {
  return [
    '# LancerChess perft reference counts, computed with ffish ' + FFISH_VERSION +
      ' (npm; Fairy-Stockfish',
    '# compiled to WebAssembly), a move generator independent of tempest. Regenerate with:',
    '#   cd tests/perft/ffish && npm install && node --no-experimental-fetch lancer-counts.js > ../lancer.epd',
    '# FENs are in our letters (Q royal Queen, K King, T Tower, B Baron, L King\'s Lancer,',
    '# M Queen\'s Lancer, P Pikeman); ffish gets them as k, q, r, b, l, m, p. Its variant:',
    ...VARIANT_INI.trimEnd().split('\n').map((l) => '#   ' + l),
    '# No position can reach a promotion within its depths (the script fails if one does),',
    '# as ffish cannot express our square-colour rule for promoting to a Lancer.',
    '# `make check` runs depths 1-4; `make check-long` runs every depth.',
  ];
}

function main() {
  if (FFISH_VERSION !== EXPECTED_VERSION)
    throw new Error(`ffish ${FFISH_VERSION} installed, expected ${EXPECTED_VERSION}`);
  ffish.loadVariantConfig(VARIANT_INI);
  const out = header();
  for (const pos of POSITIONS) {
    out.push('#');
    for (const l of pos.note) out.push('# ' + l);
    out.push(suite_line(pos));
  }
  process.stdout.write(out.join('\n') + '\n');
}

ffish.onRuntimeInitialized = () => {
  try {
    main();
  } catch (e) {
    process.stderr.write(`lancer-counts: ${e.message}\n`);
    process.exit(1);
  }
};

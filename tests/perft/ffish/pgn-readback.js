// Reads a PGN game written by the referee back with ffish (Fairy-Stockfish compiled to
// WebAssembly), given the variants.ini of `tempest export-variants`, and checks that
// every move of its movetext is read and that the moves reach the expected position:
//
//   node --no-experimental-fetch pgn-readback.js VARIANTS.ini GAMES.pgn 'FEN'
//
// Exits 0 and prints "ok: N games, N moves, FEN" when they do; 1 with the reason otherwise.
// FEN '-': every move read, the position not compared (a board whose last moves are words
// in a comment, after a rule change no reader knows).
'use strict';

const fs = require('fs');
const ffish = require('ffish');

// The SAN moves of the movetext: no tags, comments, move numbers or result.
function san_moves(pgn) {
  const text = pgn.split('\n').filter((l) => !l.startsWith('[')).join(' ')
    .replace(/\{[^}]*\}/g, ' ');
  return text.split(/\s+/).filter((t) => t && !/^\d+\.+$/.test(t) &&
    !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t));
}

// One PGN game: every move read; returns the position its moves reach.
function replay(pgn, ini) {
  const game = ffish.readGamePGN(pgn);
  const variant = game.headers('Variant') || 'chess';
  if (!ffish.variants().split(' ').includes(variant))
    throw new Error(`variant '${variant}' is not in ${ini}`);
  const fen = game.headers('FEN');
  const board = fen ? new ffish.Board(variant, fen) : new ffish.Board(variant);
  const moves = game.mainlineMoves().split(' ').filter((m) => m);
  const sans = san_moves(pgn);
  if (moves.length !== sans.length)
    throw new Error(`ffish read ${moves.length} of the ${sans.length} moves: ${moves.join(' ')}`);
  for (const m of moves) board.push(m);
  const got = board.fen();
  board.delete();
  game.delete();
  return { got, n: moves.length };
}

// A file of PGN games (a board cut at a card's edits is several): each is read whole,
// and the last one's moves reach the expected position.
function main(argv) {
  if (argv.length !== 3) throw new Error('usage: pgn-readback.js VARIANTS.ini GAMES.pgn FEN');
  const [ini, pgnFile, want] = argv;
  ffish.loadVariantConfig(fs.readFileSync(ini, 'utf8'));
  const games = fs.readFileSync(pgnFile, 'utf8').split(/^(?=\[Event )/m)
    .map((g) => g.trim()).filter((g) => g.startsWith('[Event '));
  if (!games.length) throw new Error(`no PGN game in ${pgnFile}`);
  let n = 0, got = '';
  for (const g of games) {      // ffish reads no blank line before the tags
    const r = replay(g + '\n', ini);
    n += r.n;
    got = r.got;
  }
  if (want !== '-' && got !== want) throw new Error(`ffish reaches '${got}', the referee '${want}'`);
  process.stdout.write(`ok: ${games.length} game${games.length > 1 ? 's' : ''}, ${n} moves` +
                       (want === '-' ? '\n' : `, ${got}\n`));
}

ffish.onRuntimeInitialized = () => {
  try {
    main(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`pgn-readback: ${e.message}\n`);
    process.exit(1);
  }
};

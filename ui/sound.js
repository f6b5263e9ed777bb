// The table's sounds, synthesized with Web Audio when played: no files, no network. The
// audio context is suspended once the last sound has played out, so an idle app keeps no
// audio thread running. `data-last-sound` on the body names the last sound played (an
// automation hook).

// Notes of each sound: start (s), length (s), frequency (Hz) gliding to `to`, wave, level.
const SOUNDS = {
  draw: [{ at: 0, len: 0.08, f: 480, to: 720, wave: "triangle", level: 0.2 }],
  discard: [
    { at: 0, len: 0.05, f: 260, to: 140, wave: "square", level: 0.08 },
    { at: 0.01, len: 0.1, f: 140, to: 90, wave: "triangle", level: 0.25 },
  ],
  refused: [
    { at: 0, len: 0.1, f: 220, wave: "sawtooth", level: 0.07 },
    { at: 0.12, len: 0.16, f: 165, wave: "sawtooth", level: 0.07 },
  ],
  win: [
    { at: 0, len: 0.14, f: 523, wave: "triangle", level: 0.2 },
    { at: 0.12, len: 0.14, f: 659, wave: "triangle", level: 0.2 },
    { at: 0.24, len: 0.14, f: 784, wave: "triangle", level: 0.2 },
    { at: 0.36, len: 0.4, f: 1047, wave: "triangle", level: 0.22 },
  ],
  turn: [{ at: 0, len: 0.12, f: 880, to: 990, wave: "sine", level: 0.12 }],
};

let context = null;
let sleep = null;

function audio() {
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context) return null;
  try {
    context ??= new Context();
  } catch {
    // No audio device: the game is silent, not broken.
    return null;
  }
  return context;
}

// Plays sound `name` when the settings allow it.
export function playSound(settings, name) {
  const notes = SOUNDS[name];
  if (!notes || settings.sound === false) return;
  document.body.dataset.lastSound = name;
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  const start = ctx.currentTime + 0.02;
  let end = 0;
  try {
    for (const n of notes) {
      const t = start + n.at;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = n.wave;
      osc.frequency.setValueAtTime(n.f, t);
      if (n.to) osc.frequency.exponentialRampToValueAtTime(n.to, t + n.len);
      // A quick attack and an exponential fall: no click at either end.
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(n.level, t + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + n.len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + n.len + 0.02);
      end = Math.max(end, n.at + n.len);
    }
  } catch {
    return;
  }
  clearTimeout(sleep);
  sleep = setTimeout(() => context?.suspend().catch(() => {}), (end + 0.3) * 1000);
}

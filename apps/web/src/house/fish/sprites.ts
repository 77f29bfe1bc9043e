/**
 * The fish game's art, drawn on a canvas with paths (no image files): each fish type, the sea, the cannon, shots,
 * nets and coins. A fish is drawn centred on the origin, `length` pixels long, facing right (its head at +x), with
 * `phase` animating its tail and fins.
 */

export type FishId = 'clownfish' | 'pufferfish' | 'turtle' | 'lionfish' | 'swordfish' | 'shark' | 'whale';

/** Each fish's length on the sea, relative to the sea's shorter side. */
export const FISH_SIZE: Record<FishId, number> = {
  clownfish: 0.11,
  pufferfish: 0.12,
  turtle: 0.16,
  lionfish: 0.15,
  swordfish: 0.24,
  shark: 0.3,
  whale: 0.42,
};

/** Swimming speed in sea widths per second: small fish dart, the whale cruises. */
export const FISH_SPEED: Record<FishId, number> = {
  clownfish: 0.12,
  pufferfish: 0.07,
  turtle: 0.05,
  lionfish: 0.08,
  swordfish: 0.14,
  shark: 0.09,
  whale: 0.045,
};

type Ctx = CanvasRenderingContext2D;

function eye(ctx: Ctx, x: number, y: number, r: number) {
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#0b1020';
  ctx.beginPath();
  ctx.arc(x + r * 0.25, y, r * 0.55, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.arc(x + r * 0.4, y - r * 0.25, r * 0.18, 0, Math.PI * 2);
  ctx.fill();
}

function tail(ctx: Ctx, x: number, h: number, wag: number, fill: string) {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.moveTo(x + h * 0.2, 0);
  ctx.quadraticCurveTo(x - h * 0.3, -h * 0.2 + wag, x - h * 0.55, -h * 0.75 + wag);
  ctx.quadraticCurveTo(x - h * 0.35, wag * 0.5, x - h * 0.55, h * 0.75 + wag);
  ctx.quadraticCurveTo(x - h * 0.3, h * 0.2 + wag, x + h * 0.2, 0);
  ctx.fill();
}

function body(ctx: Ctx, length: number, height: number, fill: string | CanvasGradient, stroke: string) {
  ctx.fillStyle = fill;
  ctx.strokeStyle = stroke;
  ctx.lineWidth = Math.max(1.5, length * 0.025);
  ctx.beginPath();
  ctx.ellipse(0, 0, length / 2, height / 2, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
}

function vertical(ctx: Ctx, height: number, from: string, to: string): CanvasGradient {
  const gradient = ctx.createLinearGradient(0, -height / 2, 0, height / 2);
  gradient.addColorStop(0, from);
  gradient.addColorStop(1, to);
  return gradient;
}

const DRAW: Record<FishId, (ctx: Ctx, length: number, phase: number) => void> = {
  clownfish(ctx, l, phase) {
    const h = l * 0.55;
    const wag = Math.sin(phase * 9) * h * 0.15;
    tail(ctx, -l * 0.42, h, wag, '#ff7a1a');
    body(ctx, l * 0.9, h, vertical(ctx, h, '#ffa040', '#ff6a00'), '#3a1a00');
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = l * 0.09;
    for (const x of [-0.22, 0.12]) {
      ctx.beginPath();
      ctx.moveTo(l * x, -h * 0.47);
      ctx.quadraticCurveTo(l * (x + 0.05), 0, l * x, h * 0.47);
      ctx.stroke();
    }
    eye(ctx, l * 0.3, -h * 0.1, l * 0.06);
  },
  pufferfish(ctx, l, phase) {
    const r = l * 0.42;
    const puff = 1 + Math.sin(phase * 3) * 0.04;
    ctx.fillStyle = '#c58a00';
    for (let i = 0; i < 16; i++) {
      const a = (Math.PI * 2 * i) / 16;
      ctx.beginPath();
      ctx.moveTo(Math.cos(a - 0.12) * r * puff, Math.sin(a - 0.12) * r * puff);
      ctx.lineTo(Math.cos(a) * r * 1.28 * puff, Math.sin(a) * r * 1.28 * puff);
      ctx.lineTo(Math.cos(a + 0.12) * r * puff, Math.sin(a + 0.12) * r * puff);
      ctx.fill();
    }
    const gradient = ctx.createRadialGradient(-r * 0.3, -r * 0.3, r * 0.1, 0, 0, r);
    gradient.addColorStop(0, '#fff4a8');
    gradient.addColorStop(1, '#f2b705');
    ctx.fillStyle = gradient;
    ctx.beginPath();
    ctx.arc(0, 0, r * puff, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#fff8dc';
    ctx.beginPath();
    ctx.ellipse(0, r * 0.45, r * 0.7, r * 0.35, 0, 0, Math.PI);
    ctx.fill();
    eye(ctx, r * 0.45, -r * 0.2, r * 0.2);
    ctx.strokeStyle = '#7a4a00';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(r * 0.8, r * 0.15, r * 0.12, -0.5, 1.2);
    ctx.stroke();
  },
  turtle(ctx, l, phase) {
    const swim = Math.sin(phase * 4) * 0.35;
    ctx.fillStyle = '#7cb342';
    for (const [x, y, turn] of [
      [0.18, -0.3, -0.6 + swim],
      [0.18, 0.3, 0.6 - swim],
      [-0.25, -0.25, -2.4 - swim * 0.5],
      [-0.25, 0.25, 2.4 + swim * 0.5],
    ] as const) {
      ctx.save();
      ctx.translate(l * x, l * y);
      ctx.rotate(turn);
      ctx.beginPath();
      ctx.ellipse(l * 0.12, 0, l * 0.16, l * 0.06, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.restore();
    }
    ctx.beginPath();
    ctx.ellipse(l * 0.38, 0, l * 0.13, l * 0.1, 0, 0, Math.PI * 2);
    ctx.fill();
    eye(ctx, l * 0.43, -l * 0.04, l * 0.03);
    const shell = ctx.createRadialGradient(-l * 0.05, -l * 0.08, l * 0.02, 0, 0, l * 0.34);
    shell.addColorStop(0, '#a5d66b');
    shell.addColorStop(1, '#33691e');
    body(ctx, l * 0.62, l * 0.5, shell, '#1b3a0b');
    ctx.strokeStyle = '#c5e1a5';
    ctx.lineWidth = Math.max(1, l * 0.015);
    for (let i = 0; i < 6; i++) {
      const a = (Math.PI * 2 * i) / 6;
      ctx.beginPath();
      ctx.moveTo(Math.cos(a) * l * 0.1, Math.sin(a) * l * 0.08);
      ctx.lineTo(Math.cos(a) * l * 0.27, Math.sin(a) * l * 0.21);
      ctx.stroke();
    }
    ctx.beginPath();
    ctx.ellipse(0, 0, l * 0.1, l * 0.08, 0, 0, Math.PI * 2);
    ctx.stroke();
  },
  lionfish(ctx, l, phase) {
    const h = l * 0.42;
    const wave = Math.sin(phase * 5) * 0.08;
    // Long venomous rays, fanned above and below.
    for (let i = 0; i < 9; i++) {
      const a = -Math.PI / 2 + (i - 4) * 0.2 + wave;
      ctx.strokeStyle = i % 2 ? '#fff3e0' : '#d84315';
      ctx.lineWidth = Math.max(1.5, l * 0.025);
      ctx.beginPath();
      ctx.moveTo(l * (0.1 - i * 0.05), -h * 0.3);
      ctx.lineTo(l * (0.1 - i * 0.05) + Math.cos(a) * l * 0.45, Math.sin(a) * l * 0.45);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(l * (0.05 - i * 0.04), h * 0.3);
      ctx.lineTo(l * (0.05 - i * 0.04) + Math.cos(-a) * l * 0.3, -Math.sin(a) * l * 0.3);
      ctx.stroke();
    }
    tail(ctx, -l * 0.35, h, Math.sin(phase * 7) * h * 0.12, '#ef6c00');
    body(ctx, l * 0.8, h, '#ffccbc', '#6d1b00');
    ctx.strokeStyle = '#c62828';
    ctx.lineWidth = l * 0.04;
    for (let x = -0.3; x <= 0.25; x += 0.11) {
      ctx.beginPath();
      ctx.moveTo(l * x, -h * 0.45);
      ctx.lineTo(l * (x + 0.04), h * 0.45);
      ctx.stroke();
    }
    eye(ctx, l * 0.28, -h * 0.1, l * 0.045);
  },
  swordfish(ctx, l, phase) {
    const h = l * 0.22;
    const wag = Math.sin(phase * 8) * h * 0.2;
    ctx.fillStyle = '#1e3a8a';
    ctx.beginPath();
    ctx.moveTo(-l * 0.05, -h * 0.4);
    ctx.lineTo(-l * 0.15, -h * 1.6);
    ctx.lineTo(l * 0.12, -h * 0.45);
    ctx.fill();
    tail(ctx, -l * 0.38, h * 1.6, wag, '#1e40af');
    body(ctx, l * 0.75, h, vertical(ctx, h, '#2563eb', '#bfdbfe'), '#0b1f5c');
    ctx.strokeStyle = '#cbd5e1';
    ctx.lineWidth = Math.max(2, h * 0.14);
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(l * 0.35, -h * 0.05);
    ctx.lineTo(l * 0.62, -h * 0.12);
    ctx.stroke();
    ctx.lineCap = 'butt';
    eye(ctx, l * 0.25, -h * 0.12, h * 0.16);
  },
  shark(ctx, l, phase) {
    const h = l * 0.3;
    const wag = Math.sin(phase * 5) * h * 0.15;
    ctx.fillStyle = '#546e7a';
    ctx.beginPath();
    ctx.moveTo(-l * 0.02, -h * 0.42);
    ctx.lineTo(-l * 0.12, -h * 1.15);
    ctx.lineTo(l * 0.12, -h * 0.42);
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(l * 0.05, h * 0.3);
    ctx.lineTo(-l * 0.08, h * 0.9);
    ctx.lineTo(l * 0.15, h * 0.35);
    ctx.fill();
    tail(ctx, -l * 0.4, h * 1.3, wag, '#546e7a');
    const skin = ctx.createLinearGradient(0, -h / 2, 0, h / 2);
    skin.addColorStop(0, '#607d8b');
    skin.addColorStop(0.55, '#90a4ae');
    skin.addColorStop(0.6, '#eceff1');
    skin.addColorStop(1, '#ffffff');
    ctx.fillStyle = skin;
    ctx.strokeStyle = '#263238';
    ctx.lineWidth = Math.max(1.5, l * 0.012);
    ctx.beginPath();
    ctx.moveTo(l * 0.5, h * 0.05);
    ctx.quadraticCurveTo(l * 0.3, -h * 0.6, -l * 0.4, -h * 0.1);
    ctx.lineTo(-l * 0.4, h * 0.1);
    ctx.quadraticCurveTo(l * 0.25, h * 0.55, l * 0.5, h * 0.05);
    ctx.fill();
    ctx.stroke();
    ctx.strokeStyle = '#37474f';
    for (const x of [0.18, 0.22, 0.26]) {
      ctx.beginPath();
      ctx.moveTo(l * x, -h * 0.12);
      ctx.lineTo(l * (x - 0.02), h * 0.14);
      ctx.stroke();
    }
    ctx.fillStyle = '#fff';
    for (let i = 0; i < 4; i++) {
      ctx.beginPath();
      ctx.moveTo(l * (0.36 + i * 0.025), h * 0.16);
      ctx.lineTo(l * (0.37 + i * 0.025), h * 0.26);
      ctx.lineTo(l * (0.38 + i * 0.025), h * 0.15);
      ctx.fill();
    }
    eye(ctx, l * 0.36, -h * 0.1, h * 0.09);
  },
  whale(ctx, l, phase) {
    const h = l * 0.42;
    const wag = Math.sin(phase * 2.5) * h * 0.12;
    ctx.save();
    ctx.translate(-l * 0.42, -h * 0.05);
    ctx.rotate(-0.35 + wag / h);
    ctx.fillStyle = '#f59e0b';
    ctx.beginPath();
    ctx.moveTo(l * 0.05, 0);
    ctx.quadraticCurveTo(-l * 0.1, -h * 0.1, -l * 0.16, -h * 0.45);
    ctx.quadraticCurveTo(-l * 0.08, -h * 0.12, -l * 0.02, -h * 0.08);
    ctx.quadraticCurveTo(-l * 0.08, h * 0.05, -l * 0.18, h * 0.2);
    ctx.quadraticCurveTo(-l * 0.04, h * 0.15, l * 0.05, 0);
    ctx.fill();
    ctx.restore();
    const gold = ctx.createLinearGradient(0, -h / 2, 0, h / 2);
    gold.addColorStop(0, '#fde68a');
    gold.addColorStop(0.45, '#fbbf24');
    gold.addColorStop(1, '#b45309');
    ctx.fillStyle = gold;
    ctx.strokeStyle = '#78350f';
    ctx.lineWidth = Math.max(2, l * 0.01);
    ctx.beginPath();
    ctx.moveTo(l * 0.5, 0);
    ctx.bezierCurveTo(l * 0.5, -h * 0.75, -l * 0.2, -h * 0.6, -l * 0.45, -h * 0.05);
    ctx.bezierCurveTo(-l * 0.2, h * 0.5, l * 0.45, h * 0.55, l * 0.5, 0);
    ctx.fill();
    ctx.stroke();
    ctx.strokeStyle = 'rgba(120, 53, 15, 0.45)';
    for (let i = 0; i < 5; i++) {
      ctx.beginPath();
      ctx.moveTo(l * (0.42 - i * 0.02), h * (0.12 + i * 0.05));
      ctx.lineTo(l * (0.05 - i * 0.04), h * (0.22 + i * 0.04));
      ctx.stroke();
    }
    ctx.fillStyle = '#d97706';
    ctx.beginPath();
    ctx.ellipse(l * 0.1, h * 0.28, l * 0.1, h * 0.09, 0.5 + wag / h, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = 'rgba(255, 255, 255, 0.35)';
    ctx.beginPath();
    ctx.ellipse(l * 0.05, -h * 0.22, l * 0.22, h * 0.06, -0.1, 0, Math.PI * 2);
    ctx.fill();
    eye(ctx, l * 0.32, -h * 0.05, h * 0.06);
    // A crown: the golden whale is the sea's jackpot.
    ctx.fillStyle = '#fff7cc';
    ctx.strokeStyle = '#b45309';
    ctx.beginPath();
    ctx.moveTo(l * 0.05, -h * 0.52);
    for (let i = 0; i <= 4; i++) {
      ctx.lineTo(l * (0.05 + i * 0.04), -h * (i % 2 ? 0.62 : 0.78));
    }
    ctx.lineTo(l * 0.21, -h * 0.5);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
  },
};

/** Draws a fish at (x, y), facing right or left, with an optional flash (a hit) and fading (caught). */
export function drawFish(
  ctx: Ctx,
  id: FishId,
  x: number,
  y: number,
  length: number,
  options: { phase: number; facing: 1 | -1; flash?: number; alpha?: number; turn?: number },
) {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(options.turn ?? 0);
  ctx.scale(options.facing, 1);
  ctx.globalAlpha = options.alpha ?? 1;
  DRAW[id](ctx, length, options.phase);
  if (options.flash) {
    ctx.globalCompositeOperation = 'lighter';
    ctx.fillStyle = `rgba(255, 255, 255, ${Math.min(0.8, options.flash)})`;
    ctx.beginPath();
    ctx.ellipse(0, 0, length * 0.5, length * 0.3, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

/** A fish as a small picture (for the aiming buttons and the pays table). */
export function fishIcon(id: FishId, label: string, size = 56): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  const ratio = window.devicePixelRatio || 1;
  canvas.width = size * ratio;
  canvas.height = size * ratio;
  canvas.style.width = `${size}px`;
  canvas.style.height = `${size}px`;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', label);
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.scale(ratio, ratio);
    const length = id === 'whale' ? size * 0.9 : id === 'pufferfish' ? size * 0.6 : size * 0.8;
    drawFish(ctx, id, size / 2, size / 2, length, { phase: 0.3, facing: 1 });
  }
  return canvas;
}

export interface SeaScenery {
  weeds: { x: number; height: number; hue: number; sway: number }[];
  rocks: { x: number; r: number }[];
  bubbles: { x: number; y: number; r: number; speed: number }[];
}

export function makeScenery(random: () => number): SeaScenery {
  return {
    weeds: Array.from({ length: 9 }, () => ({
      x: random(),
      height: 0.1 + random() * 0.16,
      hue: 100 + random() * 50,
      sway: random() * Math.PI * 2,
    })),
    rocks: Array.from({ length: 5 }, () => ({ x: random(), r: 0.025 + random() * 0.04 })),
    bubbles: Array.from({ length: 18 }, () => ({
      x: random(),
      y: random(),
      r: 1.5 + random() * 4,
      speed: 0.03 + random() * 0.06,
    })),
  };
}

/** The sea: depth gradient, light shafts, sand, rocks and swaying weed, rising bubbles. */
export function drawSea(
  ctx: Ctx,
  width: number,
  height: number,
  time: number,
  scenery: SeaScenery,
  dark: boolean,
) {
  const water = ctx.createLinearGradient(0, 0, 0, height);
  water.addColorStop(0, dark ? '#0b4f7a' : '#1aa3c8');
  water.addColorStop(0.55, dark ? '#06304f' : '#0a6f9c');
  water.addColorStop(1, dark ? '#031a2e' : '#064a70');
  ctx.fillStyle = water;
  ctx.fillRect(0, 0, width, height);

  ctx.save();
  ctx.globalCompositeOperation = 'lighter';
  for (let i = 0; i < 5; i++) {
    const x = ((i + 0.5) / 5) * width + Math.sin(time * 0.3 + i) * width * 0.03;
    const shaft = ctx.createLinearGradient(0, 0, 0, height * 0.8);
    shaft.addColorStop(0, 'rgba(200, 240, 255, 0.12)');
    shaft.addColorStop(1, 'rgba(200, 240, 255, 0)');
    ctx.fillStyle = shaft;
    ctx.beginPath();
    ctx.moveTo(x - width * 0.04, 0);
    ctx.lineTo(x + width * 0.04, 0);
    ctx.lineTo(x + width * 0.12, height * 0.8);
    ctx.lineTo(x - width * 0.02, height * 0.8);
    ctx.fill();
  }
  ctx.restore();

  // Ripples of light on the surface.
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.12)';
  ctx.lineWidth = 2;
  ctx.beginPath();
  for (let x = 0; x <= width; x += 12) {
    const y = 6 + Math.sin(x * 0.03 + time * 1.5) * 3;
    if (x === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.stroke();

  const sandTop = height * 0.9;
  const sand = ctx.createLinearGradient(0, sandTop, 0, height);
  sand.addColorStop(0, dark ? '#7a6535' : '#d8c07a');
  sand.addColorStop(1, dark ? '#4a3c1d' : '#a88a45');
  ctx.fillStyle = sand;
  ctx.beginPath();
  ctx.moveTo(0, height);
  for (let x = 0; x <= width; x += 20) ctx.lineTo(x, sandTop + Math.sin(x * 0.02) * height * 0.015);
  ctx.lineTo(width, height);
  ctx.fill();

  ctx.fillStyle = dark ? '#2d3b45' : '#5d6d77';
  for (const rock of scenery.rocks) {
    ctx.beginPath();
    ctx.ellipse(rock.x * width, sandTop + 4, rock.r * width, rock.r * width * 0.6, 0, Math.PI, 0);
    ctx.fill();
  }
  ctx.lineCap = 'round';
  for (const weed of scenery.weeds) {
    const x = weed.x * width;
    const h = weed.height * height;
    ctx.strokeStyle = `hsl(${weed.hue}, 55%, ${dark ? 28 : 38}%)`;
    ctx.lineWidth = Math.max(3, width * 0.008);
    ctx.beginPath();
    ctx.moveTo(x, sandTop + 6);
    const sway = Math.sin(time * 1.2 + weed.sway) * h * 0.15;
    ctx.bezierCurveTo(
      x - h * 0.2 + sway,
      sandTop - h * 0.3,
      x + h * 0.2 + sway,
      sandTop - h * 0.6,
      x + sway * 1.5,
      sandTop - h,
    );
    ctx.stroke();
  }
  ctx.lineCap = 'butt';

  ctx.strokeStyle = 'rgba(220, 245, 255, 0.55)';
  ctx.lineWidth = 1.2;
  for (const bubble of scenery.bubbles) {
    const y = (((bubble.y - time * bubble.speed) % 1) + 1) % 1;
    ctx.beginPath();
    ctx.arc(bubble.x * width + Math.sin(time * 2 + bubble.x * 10) * 4, y * height, bubble.r, 0, Math.PI * 2);
    ctx.stroke();
  }
}

/** The cannon at the bottom centre, turned towards its aim (radians from straight up). */
export function drawCannon(ctx: Ctx, x: number, y: number, size: number, angle: number, recoil: number) {
  ctx.save();
  ctx.translate(x, y);
  const base = ctx.createRadialGradient(0, 0, size * 0.1, 0, 0, size * 0.6);
  base.addColorStop(0, '#fde68a');
  base.addColorStop(1, '#b45309');
  ctx.fillStyle = base;
  ctx.beginPath();
  ctx.arc(0, 0, size * 0.55, Math.PI, 0);
  ctx.fill();
  ctx.rotate(angle);
  ctx.translate(0, recoil * size * 0.15);
  const barrel = ctx.createLinearGradient(-size * 0.18, 0, size * 0.18, 0);
  barrel.addColorStop(0, '#7c2d12');
  barrel.addColorStop(0.5, '#f59e0b');
  barrel.addColorStop(1, '#7c2d12');
  ctx.fillStyle = barrel;
  ctx.beginPath();
  ctx.roundRect(-size * 0.16, -size * 0.95, size * 0.32, size * 0.9, size * 0.08);
  ctx.fill();
  ctx.fillStyle = '#fef3c7';
  ctx.fillRect(-size * 0.2, -size * 1.0, size * 0.4, size * 0.1);
  ctx.restore();
}

/** A shot in flight: a glowing orb with a short trail. */
export function drawShot(ctx: Ctx, x: number, y: number, dx: number, dy: number, size: number) {
  ctx.save();
  ctx.globalCompositeOperation = 'lighter';
  const trail = ctx.createLinearGradient(x - dx * 30, y - dy * 30, x, y);
  trail.addColorStop(0, 'rgba(255, 230, 120, 0)');
  trail.addColorStop(1, 'rgba(255, 230, 120, 0.8)');
  ctx.strokeStyle = trail;
  ctx.lineWidth = size * 0.6;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x - dx * 30, y - dy * 30);
  ctx.lineTo(x, y);
  ctx.stroke();
  const glow = ctx.createRadialGradient(x, y, 0, x, y, size);
  glow.addColorStop(0, '#ffffff');
  glow.addColorStop(0.4, '#ffe066');
  glow.addColorStop(1, 'rgba(255, 140, 0, 0)');
  ctx.fillStyle = glow;
  ctx.beginPath();
  ctx.arc(x, y, size, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/** A net opening where a shot landed (progress 0 → 1). */
export function drawNet(ctx: Ctx, x: number, y: number, radius: number, progress: number, caught: boolean) {
  const r = radius * (0.4 + progress * 0.6);
  ctx.save();
  ctx.globalAlpha = 1 - progress * 0.8;
  ctx.strokeStyle = caught ? '#ffe066' : '#e0f7ff';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
  for (let i = 0; i < 8; i++) {
    const a = (Math.PI * i) / 8;
    ctx.beginPath();
    ctx.moveTo(x + Math.cos(a) * r, y + Math.sin(a) * r);
    ctx.lineTo(x - Math.cos(a) * r, y - Math.sin(a) * r);
    ctx.stroke();
  }
  ctx.restore();
}

/** A gold coin, spinning (its width follows the phase). */
export function drawCoin(ctx: Ctx, x: number, y: number, r: number, phase: number, alpha: number) {
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.translate(x, y);
  ctx.scale(Math.max(0.15, Math.abs(Math.cos(phase))), 1);
  const gold = ctx.createRadialGradient(-r * 0.3, -r * 0.3, r * 0.1, 0, 0, r);
  gold.addColorStop(0, '#fff7cc');
  gold.addColorStop(0.6, '#fbbf24');
  gold.addColorStop(1, '#b45309');
  ctx.fillStyle = gold;
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#92400e';
  ctx.lineWidth = Math.max(1, r * 0.15);
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.65, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

import {
  drawCannon,
  drawCoin,
  drawFish,
  drawNet,
  drawSea,
  drawShot,
  FISH_SIZE,
  FISH_SPEED,
  type FishId,
  makeScenery,
} from './sprites.ts';

/**
 * The sea on its canvas: fish swim across it, the cannon turns to its aim, shots fly, nets open and coins burst.
 * Only pictures: whether a shot hits and what it pays comes from the server, and the sea shows it when the answer
 * arrives. Positions are in canvas pixels; sizes follow the canvas, which follows its box.
 */

interface Swimmer {
  key: number;
  id: FishId;
  /** 0…1 across the sea, in the direction it swims. */
  progress: number;
  lane: number;
  facing: 1 | -1;
  wobble: number;
  speed: number;
  /** A shot is on its way or its answer pending: it keeps swimming but cannot be taken twice. */
  targeted: boolean;
  flash: number;
  /** Set once caught: the time it was caught (it spins, fades and turns into coins). */
  caughtAt: number | null;
}

interface Flight {
  target: Swimmer;
  from: { x: number; y: number };
  startedAt: number;
  arrive: () => void;
  arrived: boolean;
}

interface Effect {
  kind: 'net' | 'coins' | 'label';
  x: number;
  y: number;
  startedAt: number;
  caught: boolean;
  text?: string;
}

const FLIGHT_SECONDS = 0.38;
const SPAWN_MIX: FishId[] = [
  'clownfish',
  'clownfish',
  'clownfish',
  'pufferfish',
  'pufferfish',
  'turtle',
  'turtle',
  'lionfish',
  'lionfish',
  'swordfish',
  'shark',
  'whale',
];

export interface Sea {
  /** The fish under a point of the canvas (CSS pixels), the largest first, or null. */
  fishAt(x: number, y: number): Swimmer | null;
  /** A fish of the type on the sea that no shot is after, brought in from the edge when there is none. */
  fishOf(id: FishId): Swimmer;
  /** Fires at a fish: resolves when the shot reaches it. */
  fire(target: Swimmer): Promise<void>;
  /** Shows a shot's result on its fish: caught (with the win's label) or the net closing on nothing. */
  land(target: Swimmer, caught: boolean, label: string): void;
  /** The shot's answer never came: the fish is free again. */
  release(target: Swimmer): void;
  destroy(): void;
}

export function createSea(canvas: HTMLCanvasElement): Sea {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  const context: CanvasRenderingContext2D = ctx;
  const scenery = makeScenery(Math.random);
  const swimmers: Swimmer[] = [];
  const flights: Flight[] = [];
  const effects: Effect[] = [];
  let width = 0;
  let height = 0;
  let keys = 0;
  let aim = 0;
  let recoil = 0;
  let frame = 0;
  let last = performance.now() / 1000;
  let nextSpawn = 0;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

  const resize = () => {
    const box = canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    width = Math.max(1, box.width);
    height = Math.max(1, box.height);
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
  };
  const observer = new ResizeObserver(resize);
  observer.observe(canvas);
  resize();

  const unit = () => Math.min(width, height * 1.4);
  const lengthOf = (id: FishId) => FISH_SIZE[id] * unit();
  const cannon = () => ({ x: width / 2, y: height - 4 });

  function position(fish: Swimmer, time: number) {
    const length = lengthOf(fish.id);
    const span = width + length * 2;
    const along = -length + fish.progress * span;
    const x = fish.facing === 1 ? along : width - along;
    const y = height * (0.1 + fish.lane * 0.62) + Math.sin(time * 1.3 + fish.wobble) * height * 0.025;
    return { x, y, length };
  }

  function spawn(id: FishId, progress = 0): Swimmer {
    const fish: Swimmer = {
      key: keys++,
      id,
      progress,
      lane: Math.random(),
      facing: Math.random() < 0.5 ? 1 : -1,
      wobble: Math.random() * Math.PI * 2,
      speed: FISH_SPEED[id] * (0.8 + Math.random() * 0.4),
      targeted: false,
      flash: 0,
      caughtAt: null,
    };
    swimmers.push(fish);
    return fish;
  }
  // A sea already full when the page opens.
  for (const id of SPAWN_MIX.slice(0, 8)) spawn(id, 0.1 + Math.random() * 0.7);

  function step(time: number, dt: number) {
    if (time > nextSpawn && swimmers.filter((fish) => fish.caughtAt === null).length < 12) {
      spawn(SPAWN_MIX[Math.floor(Math.random() * SPAWN_MIX.length)] ?? 'clownfish');
      nextSpawn = time + 0.8 + Math.random() * 1.2;
    }
    for (const fish of swimmers) {
      const length = lengthOf(fish.id);
      if (fish.caughtAt === null) fish.progress += (fish.speed * width * dt) / (width + length * 2);
      fish.flash = Math.max(0, fish.flash - dt * 2.5);
    }
    for (let index = swimmers.length - 1; index >= 0; index--) {
      const fish = swimmers[index] as Swimmer;
      const gone = fish.caughtAt !== null ? time - fish.caughtAt > 1.1 : fish.progress > 1 && !fish.targeted;
      if (gone) swimmers.splice(index, 1);
    }
    recoil = Math.max(0, recoil - dt * 5);
    for (const flight of flights) {
      if (!flight.arrived && time - flight.startedAt >= FLIGHT_SECONDS) {
        flight.arrived = true;
        flight.arrive();
      }
    }
    for (let index = flights.length - 1; index >= 0; index--) {
      if (flights[index]?.arrived) flights.splice(index, 1);
    }
    for (let index = effects.length - 1; index >= 0; index--) {
      const effect = effects[index] as Effect;
      if (time - effect.startedAt > (effect.kind === 'net' ? 0.6 : 1.6)) effects.splice(index, 1);
    }
  }

  function draw(time: number) {
    drawSea(context, width, height, reduceMotion ? 0 : time, scenery, true);
    const ordered = [...swimmers].sort((a, b) => FISH_SIZE[b.id] - FISH_SIZE[a.id]);
    for (const fish of ordered) {
      const { x, y, length } = position(fish, time);
      const caught = fish.caughtAt === null ? 0 : time - fish.caughtAt;
      drawFish(context, fish.id, x, y, length * (1 - caught * 0.5), {
        phase: time + fish.wobble,
        facing: fish.facing,
        flash: fish.flash,
        alpha: Math.max(0, 1 - caught),
        turn: caught * 9,
      });
      if (fish.targeted && fish.caughtAt === null) {
        context.strokeStyle = 'rgba(255, 224, 102, 0.9)';
        context.lineWidth = 2;
        context.setLineDash([6, 5]);
        context.beginPath();
        context.arc(x, y, length * 0.45, 0, Math.PI * 2);
        context.stroke();
        context.setLineDash([]);
      }
    }
    const gun = cannon();
    const size = Math.max(34, unit() * 0.1);
    for (const flight of flights) {
      const target = position(flight.target, time);
      const t = Math.min(1, (time - flight.startedAt) / FLIGHT_SECONDS);
      const x = flight.from.x + (target.x - flight.from.x) * t;
      const y = flight.from.y + (target.y - flight.from.y) * t;
      const distance = Math.hypot(target.x - flight.from.x, target.y - flight.from.y) || 1;
      drawShot(
        context,
        x,
        y,
        (target.x - flight.from.x) / distance,
        (target.y - flight.from.y) / distance,
        size * 0.22,
      );
    }
    drawCannon(context, gun.x, gun.y, size, aim, recoil);
    for (const effect of effects) {
      const age = time - effect.startedAt;
      if (effect.kind === 'net')
        drawNet(context, effect.x, effect.y, size * 1.1, Math.min(1, age / 0.6), effect.caught);
      if (effect.kind === 'coins') {
        // A ring of coins bursting out, then falling; a flash at the start.
        if (age < 0.25) {
          context.save();
          context.globalCompositeOperation = 'lighter';
          const flash = context.createRadialGradient(effect.x, effect.y, 0, effect.x, effect.y, size * 1.4);
          flash.addColorStop(0, `rgba(255, 240, 180, ${0.8 * (1 - age / 0.25)})`);
          flash.addColorStop(1, 'rgba(255, 200, 80, 0)');
          context.fillStyle = flash;
          context.beginPath();
          context.arc(effect.x, effect.y, size * 1.4, 0, Math.PI * 2);
          context.fill();
          context.restore();
        }
        for (let i = 0; i < 12; i++) {
          const a = (Math.PI * 2 * i) / 12;
          const spread = Math.min(age, 0.5) * size * 2.6;
          drawCoin(
            context,
            effect.x + Math.cos(a) * spread,
            effect.y + Math.sin(a) * spread + Math.max(0, age - 0.4) ** 2 * size * 3,
            size * 0.22,
            time * 8 + i,
            Math.min(1, Math.max(0, 1.6 - age)),
          );
        }
      }
      if (effect.kind === 'label' && effect.text) {
        context.save();
        context.globalAlpha = Math.max(0, 1 - age / 1.6);
        context.font = `800 ${Math.round(size * 0.5)}px Inter, "Segoe UI", "DejaVu Sans", sans-serif`;
        context.textAlign = 'center';
        context.lineWidth = 4;
        context.strokeStyle = 'rgba(40, 20, 0, 0.85)';
        context.fillStyle = effect.caught ? '#ffe066' : '#e0f7ff';
        // Kept inside the sea when the fish was caught at its edge.
        const x = Math.min(width - size * 0.9, Math.max(size * 0.9, effect.x));
        const y = Math.max(size * 0.6, effect.y - age * size * 0.8);
        context.strokeText(effect.text, x, y);
        context.fillText(effect.text, x, y);
        context.restore();
      }
    }
  }

  const loop = () => {
    const now = performance.now() / 1000;
    const dt = Math.min(0.1, now - last);
    last = now;
    step(now, dt);
    draw(now);
    frame = requestAnimationFrame(loop);
  };
  frame = requestAnimationFrame(loop);

  return {
    fishAt(x, y) {
      const time = performance.now() / 1000;
      const hits = swimmers
        .filter((fish) => fish.caughtAt === null && !fish.targeted)
        .map((fish) => ({ fish, ...position(fish, time) }))
        .filter((entry) => Math.hypot(entry.x - x, entry.y - y) < Math.max(24, entry.length * 0.5));
      hits.sort((a, b) => b.length - a.length);
      return hits[0]?.fish ?? null;
    },
    fishOf(id) {
      const time = performance.now() / 1000;
      const onSea = swimmers.filter((fish) => {
        if (fish.id !== id || fish.caughtAt !== null || fish.targeted) return false;
        const { x } = position(fish, time);
        return x > 0 && x < width;
      });
      if (onSea[0]) return onSea[0];
      // None in sight: one comes in, its middle already 12% into the sea so that the shot meets it there.
      const length = lengthOf(id);
      return spawn(id, (length + width * 0.12) / (width + length * 2));
    },
    fire(target) {
      const time = performance.now() / 1000;
      const gun = cannon();
      const at = position(target, time);
      aim = Math.atan2(at.x - gun.x, gun.y - at.y);
      recoil = 1;
      target.targeted = true;
      return new Promise<void>((resolve) => {
        flights.push({
          target,
          from: { x: gun.x, y: gun.y - Math.max(34, unit() * 0.1) * 0.9 },
          startedAt: time,
          arrive: resolve,
          arrived: false,
        });
      });
    },
    land(target, caught, label) {
      const time = performance.now() / 1000;
      const at = position(target, time);
      effects.push({ kind: 'net', x: at.x, y: at.y, startedAt: time, caught });
      effects.push({
        kind: 'label',
        x: at.x,
        y: at.y - at.length * 0.3,
        startedAt: time,
        caught,
        text: label,
      });
      if (caught) {
        target.caughtAt = time;
        target.flash = 1;
        effects.push({ kind: 'coins', x: at.x, y: at.y, startedAt: time, caught });
      } else {
        target.flash = 0.5;
        target.targeted = false;
      }
    },
    release(target) {
      target.targeted = false;
    },
    destroy() {
      cancelAnimationFrame(frame);
      observer.disconnect();
    },
  };
}

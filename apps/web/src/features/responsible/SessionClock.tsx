import { useEffect, useState } from 'react';

/** h:mm:ss of a duration in seconds. */
function elapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/**
 * The time played in the session of play, from its first round, ticking each second (0:00:00 with none). Counted
 * from the server's figure and the time this device has counted since it came, so that a device whose clock is set
 * wrong still shows the right time.
 */
export function SessionClock({
  startedAt,
  playedSeconds,
}: {
  startedAt: string | null;
  playedSeconds: number;
}) {
  const [anchor, setAnchor] = useState(() => ({ played: playedSeconds, at: Date.now() }));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setAnchor({ played: playedSeconds, at: Date.now() });
    setNow(Date.now());
  }, [playedSeconds]);
  useEffect(() => {
    if (!startedAt) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [startedAt]);
  const seconds = startedAt ? anchor.played + (now - anchor.at) / 1000 : 0;
  return <time dateTime={`PT${Math.max(0, Math.floor(seconds))}S`}>{elapsed(seconds)}</time>;
}

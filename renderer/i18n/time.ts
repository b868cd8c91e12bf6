// Times and durations as the service pages print them: the cabinet's local clock, to the second.

const two = (n: number): string => String(n).padStart(2, '0');

/** 1700000000000 → "2023-11-14 22:13:20" (local time). */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** A span in whole seconds, rounded up: "0:09", "4:59", "1:02:03", "3 d 04:05:06". */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const h = Math.floor((total % 86400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (days > 0) return `${days} d ${two(h)}:${two(m)}:${two(s)}`;
  if (h > 0) return `${h}:${two(m)}:${two(s)}`;
  return `${m}:${two(s)}`;
}

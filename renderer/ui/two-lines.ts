// A line of parts joined by a separator ("A  •  B  •  C") that is too long for its place at its
// size goes on two, broken between parts where the two lines come out most even.

export const SEPARATOR = '  •  ';

/** The parts on two lines, cut where the longer line is shortest. */
export function twoLines(parts: string[]): string {
  const length = (some: string[]) => some.join(SEPARATOR).length;
  const longer = (cut: number) => Math.max(length(parts.slice(0, cut)), length(parts.slice(cut)));
  let cut = 1;
  for (let i = 2; i < parts.length; i++) if (longer(i) < longer(cut)) cut = i;
  return `${parts.slice(0, cut).join(SEPARATOR)}\n${parts.slice(cut).join(SEPARATOR)}`;
}

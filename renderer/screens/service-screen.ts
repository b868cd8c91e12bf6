// The attendant's and technician's screen: a header, the technician's tabs, the page's body
// (a headline in large type, lines, recalled cards, a table, switch lamps, choices, a keypad)
// and the page's actions along the bottom, all drawn from the ServiceModel; a confirmation
// covers it all when one is under way. Every target is finger-sized (84 px or more).

import { Container, Graphics, Rectangle, type Text } from 'pixi.js';
import { t } from '../i18n/texts';
import { rect, row, type Design, type Rect } from '../ui/layout';
import type { ButtonSpec } from '../model/parts';
import type { SceneModel } from '../model/scene';
import type { CardGroup, ServiceModel, ServiceTable, Tone } from '../model/service/page';
import type { ButtonTone } from '../ui/button-view';
import { CardView } from '../ui/card-view';
import { still } from '../ui/still';
import { COLORS, fitText, label, overflowed, radial, vertical } from '../ui/theme';
import { AppScreen } from './screen';

const TONE_INK: Record<Tone, number> = {
  ok: 0x6be28f,
  bad: 0xff6b62,
  warn: COLORS.amber,
  info: COLORS.info,
  plain: COLORS.goldLight,
};
const TONE_PLATE: Record<Tone, number> = {
  ok: 0x0f3b22,
  bad: 0x4a0c10,
  warn: 0x3d2c05,
  info: 0x0d2547,
  plain: 0x151b19,
};

const MARGIN = 32;
/** A list button's height: taller where a long name takes two lines (ServiceModel.listTall). */
const listH = (svc: ServiceModel): number => (svc.listTall ? 108 : 84);
const NAV_H = 84;
const ACTION_H = 96;
const GAP = 12;

/** Which plate a button gets: the irreversible red, going ahead green, choices blue, keys dark. */
function toneOf(name: string, group: 'nav' | 'list' | 'keypad' | 'actions' | 'confirm'): ButtonTone {
  if (group === 'nav') return name === 'svc.logout' ? 'red' : 'dark';
  if (group === 'keypad') return 'dark';
  if (group === 'confirm') return name === 'confirm.yes' ? 'green' : 'dark';
  // Settings fields ("set.limits.handpayLimit") are choices, whatever their names contain; a
  // technician's tilt clear is the one irreversible thing listed.
  if (group === 'list') return name.startsWith('tilt.clear.') ? 'red' : 'blue';
  if (/clear|ramClear|periodClear|testEnd/i.test(name)) return 'red';
  if (/enter|edit\.ok|^att\.handpay$|dev\.test$|dev\.voucher/.test(name)) return 'green';
  return 'blue';
}

export class ServiceScreen extends AppScreen {
  private title!: Text;
  private content!: Container;
  private buttonsLayer!: Container;
  private confirmLayer!: Container;
  private confirmTexts!: { title: Text; step: Text; lines: Text[] };
  private contentKey = '';
  /** What the test hook and the probes read: the card codes drawn, by group. */
  drawnCards: { group: string; codes: (string | null)[] }[] = [];

  protected build(d: Design): void {
    this.contentKey = '';
    const bg = new Graphics();
    bg.rect(0, 0, d.w, d.h).fill(radial(0x15324a, 0x040b12));
    bg.roundRect(10, 10, d.w - 20, d.h - 20, 26).stroke({ width: 4, color: COLORS.gold, alpha: 0.8 });
    const bar = new Graphics();
    bar.rect(0, 0, d.w, 64).fill(vertical(0x1b1f1d, 0x000000));
    bar.rect(0, 61, d.w, 3).fill(COLORS.gold);
    this.title = label(
      '',
      { fontSize: 34, fill: COLORS.goldLight, letterSpacing: 3, stroke: { color: 0x3a2a05, width: 3 } },
      0,
      0.5,
    );
    this.title.position.set(MARGIN, 32);
    this.content = new Container();
    this.buttonsLayer = new Container();
    this.confirmLayer = new Container();
    this.addChild(still(bg), still(bar), this.title, this.content, this.buttonsLayer, this.confirmLayer);

    const shade = new Graphics();
    shade.rect(0, 0, d.w, d.h).fill({ color: 0x000000, alpha: 0.72 });
    shade.eventMode = 'static';
    shade.hitArea = new Rectangle(0, 0, d.w, d.h);
    const panel = this.confirmPanel(d);
    const frame = new Graphics();
    frame
      .roundRect(panel.x, panel.y, panel.w, panel.h, 30)
      .fill(vertical(0x2a1606, 0x050505))
      .stroke({ width: 6, color: COLORS.gold });
    frame
      .roundRect(panel.x + 12, panel.y + 12, panel.w - 24, panel.h - 24, 22)
      .stroke({ width: 2, color: COLORS.gold, alpha: 0.6 });
    const title = label('', {
      fontSize: 48,
      fill: COLORS.white,
      stroke: { color: 0x000000, width: 5 },
      letterSpacing: 2,
    });
    title.position.set(d.w / 2, panel.y + 70);
    const step = label('', { fontSize: 26, fill: COLORS.amber });
    step.position.set(d.w / 2, panel.y + 124);
    const lines = [0, 1, 2, 3].map((i) => {
      const l = label('', { fontSize: 32, fill: COLORS.goldLight });
      l.position.set(d.w / 2, panel.y + 180 + i * 50);
      return l;
    });
    this.confirmLayer.addChild(shade, frame, title, step, ...lines);
    this.confirmTexts = { title, step, lines };
    this.confirmLayer.visible = false;
  }

  private confirmPanel(d: Design): Rect {
    const w = Math.min(1100, d.w - 160);
    return rect((d.w - w) / 2, d.h * 0.2, w, 520);
  }

  draw(m: SceneModel): void {
    const svc = m.service;
    if (!svc) return;
    const d = this.design;
    this.title.text = m.title;
    fitText(this.title, d.w - 2 * MARGIN, 56);

    const top = svc.nav.length > 0 ? 76 + NAV_H + GAP : 76;
    const actionsY = d.h - MARGIN - ACTION_H;
    // The notice's strip only while there is one: the page's rows have its room otherwise.
    const noticeH = svc.notice ? 44 : 0;
    const bottom = (svc.actions.length > 0 ? actionsY - GAP : d.h - MARGIN) - noticeH;
    const body = rect(MARGIN, top, d.w - 2 * MARGIN, bottom - top);

    // Buttons: placed every draw (pages differ), the set hides any the model lacks.
    if (svc.nav.length > 0) this.placeRow(svc.nav, rect(MARGIN, 76, d.w - 2 * MARGIN, NAV_H), 'nav', 260);
    const keyboard = svc.keypad.length > 0 && svc.keypadColumns > 3;
    const side = svc.keypad.length > 0 && !keyboard;
    let main = body;
    if (side) {
      const padW = Math.min(460, body.w * 0.4);
      main = rect(body.x, body.y, body.w - padW - 24, body.h);
      this.placeGrid(
        svc.keypad,
        rect(body.x + body.w - padW, body.y, padW, body.h),
        svc.keypadColumns,
        'keypad',
        110,
        26,
      );
    } else if (keyboard) {
      const rows = Math.ceil(svc.keypad.length / svc.keypadColumns);
      const keysH = Math.min(rows * (84 + 8), body.h * 0.7);
      this.placeGrid(
        svc.keypad,
        rect(body.x, body.y + body.h - keysH, body.w, keysH),
        svc.keypadColumns,
        'keypad',
        84,
        26,
      );
      main = rect(body.x, body.y, body.w, body.h - keysH - GAP);
    }
    if (svc.actions.length > 0)
      this.placeRow(svc.actions, rect(MARGIN, actionsY, d.w - 2 * MARGIN, ACTION_H), 'actions', 340);

    const key = JSON.stringify([
      d.name,
      {
        ...svc,
        nav: null,
        keypad: null,
        actions: null,
        confirmButtons: null,
        list: svc.list.map((b) => [b.name, b.label, b.sub, b.selected]),
      },
    ]);
    if (key !== this.contentKey) {
      this.contentKey = key;
      this.content.removeChildren().forEach((c) => c.destroy({ children: true }));
      this.drawnCards = [];
      const listTop = this.drawBody(svc, main, m.language);
      if (svc.list.length > 0) {
        const rows = Math.ceil(svc.list.length / svc.listColumns);
        const h = Math.min(main.y + main.h - listTop, rows * (listH(svc) + GAP));
        this.listArea = rect(main.x, listTop, main.w, Math.max(h, 84));
      }
      // A refusal or a page's loading says more about what was just asked than the work does.
      if (svc.notice) this.drawNotice(svc.notice, rect(MARGIN, bottom, d.w - 2 * MARGIN, noticeH));
      else if (svc.work) this.drawNotice(svc.work, rect(MARGIN, bottom, d.w - 2 * MARGIN, noticeH), 'info');
    }
    if (svc.list.length > 0) this.placeGrid(svc.list, this.listArea, svc.listColumns, 'list', listH(svc), 24);

    this.confirmLayer.visible = svc.confirm !== null;
    if (svc.confirm) {
      const panel = this.confirmPanel(d);
      const c = svc.confirm;
      this.confirmTexts.title.text = c.title;
      fitText(this.confirmTexts.title, panel.w - 60, 70);
      this.confirmTexts.step.text = c.stepText ?? '';
      this.confirmTexts.lines.forEach((l, i) => {
        l.text = c.lines[i] ?? '';
        fitText(l, panel.w - 60, 46);
      });
      const [yes, no] = row(rect(panel.x + 60, panel.y + panel.h - 130, panel.w - 120, 100), 2, 40);
      const names = svc.confirmButtons.map((b) => b.name);
      if (names[0]) this.buttonSet.place(this.confirmLayer, names[0], yes, toneOf(names[0], 'confirm'), 30);
      if (names[1]) this.buttonSet.place(this.confirmLayer, names[1], no, toneOf(names[1], 'confirm'), 30);
    }
    this.buttonSet.apply(m.buttons);
  }

  private listArea: Rect = rect(0, 0, 0, 0);

  private placeRow(specs: ButtonSpec[], area: Rect, group: 'nav' | 'actions', maxW: number): void {
    const n = specs.length;
    const w = Math.min(maxW, (area.w - GAP * (n - 1)) / n);
    const total = n * w + (n - 1) * GAP;
    const x0 = group === 'nav' ? area.x : area.x + (area.w - total) / 2;
    specs.forEach((s, i) =>
      this.buttonSet.place(
        this.buttonsLayer,
        s.name,
        rect(x0 + i * (w + GAP), area.y, w, area.h),
        toneOf(s.name, group),
        group === 'nav' ? (this.design.name === 'square' ? 21 : 24) : 26,
      ),
    );
  }

  private placeGrid(
    specs: ButtonSpec[],
    area: Rect,
    columns: number,
    group: 'list' | 'keypad',
    minH: number,
    font: number,
  ): void {
    const rows = Math.max(1, Math.ceil(specs.length / columns));
    const gap = group === 'keypad' && columns > 3 ? 8 : GAP;
    const h = Math.max(minH, Math.min(group === 'keypad' ? 120 : 100, (area.h - gap * (rows - 1)) / rows));
    const w = (area.w - gap * (columns - 1)) / columns;
    specs.forEach((s, i) => {
      const r = Math.floor(i / columns);
      const c = i % columns;
      this.buttonSet.place(
        this.buttonsLayer,
        s.name,
        rect(area.x + c * (w + gap), area.y + r * (h + gap), w, h),
        toneOf(s.name, group),
        font,
      );
    });
  }

  /** Draws the page's body top-down; returns where the list of choices may start. */
  private drawBody(svc: ServiceModel, area: Rect, language: SceneModel['language']): number {
    let y = area.y;
    if (svc.headline) {
      const h = 72;
      const plate = new Graphics();
      plate
        .roundRect(area.x, y, area.w, h, 14)
        .fill(TONE_PLATE[svc.headline.tone])
        .stroke({ width: 3, color: TONE_INK[svc.headline.tone] });
      const text = label(svc.headline.text, { fontSize: 40, fill: TONE_INK[svc.headline.tone], letterSpacing: 1 });
      text.position.set(area.x + area.w / 2, y + h / 2);
      fitText(text, area.w - 40, h - 12);
      this.content.addChild(plate, text);
      y += h + GAP;
    }
    if (svc.entry) {
      const cap = label(svc.entry.label, { fontSize: 24, fill: COLORS.gold, letterSpacing: 2 }, 0, 0.5);
      cap.position.set(area.x, y + 16);
      fitText(cap, area.w, 30);
      const box = new Graphics();
      box
        .roundRect(area.x, y + 36, area.w, 84, 12)
        .fill(vertical(0x141a18, 0x030504))
        .stroke({ width: 3, color: COLORS.gold });
      const text = label(svc.entry.text + '▌', { fontSize: 52, fill: COLORS.amber, letterSpacing: 4 }, 0, 0.5);
      text.position.set(area.x + 20, y + 78);
      fitText(text, area.w - 40, 76);
      this.content.addChild(cap, box, text);
      y += 120 + GAP;
    }
    // A line too long for the width goes on at its size on the next (never shrunk to fit).
    for (const line of svc.lines) {
      const text = label(
        line.text,
        {
          fontSize: 26,
          fill: TONE_INK[line.tone],
          fontWeight: line.tone === 'plain' ? '400' : '700',
          wordWrap: true,
          wordWrapWidth: area.w - 12,
          lineHeight: 32,
        },
        0,
        0,
      );
      text.position.set(area.x + 6, y + 2);
      fitText(text, area.w - 12, 3 * 32);
      this.content.addChild(text);
      y += Math.max(36, text.height + 4);
    }
    if (svc.lines.length > 0) y += 6;
    if (svc.cards.length > 0) y = this.drawCards(svc.cards, rect(area.x, y, area.w, area.y + area.h - y), language);
    if (svc.indicators.length > 0) y = this.drawIndicators(svc, rect(area.x, y, area.w, 0));
    if (svc.table) {
      const listRows = svc.list.length > 0 ? Math.ceil(svc.list.length / svc.listColumns) : 0;
      const reserve = listRows > 0 ? Math.min(listRows * (listH(svc) + GAP), 2 * (listH(svc) + GAP)) : 0;
      y = this.drawTable(svc.table, rect(area.x, y, area.w, area.y + area.h - y - reserve));
    }
    return y;
  }

  private drawCards(groups: CardGroup[], area: Rect, language: SceneModel['language']): number {
    // The first group (a Jacks hand, or the dealer) has a row to itself; the boxes share the next.
    const [first, ...rest] = groups;
    const rowsOf = first === undefined ? [] : rest.length === 0 ? [[first]] : [[first], rest];
    const rowH = Math.min(330, area.h / rowsOf.length);
    const labelH = 30;
    let y = area.y;
    for (const groupsInRow of rowsOf) {
      const cellW = (area.w - GAP * (groupsInRow.length - 1)) / groupsInRow.length;
      groupsInRow.forEach((g, gi) => {
        const x = area.x + gi * (cellW + GAP);
        const slots = Math.max(5, g.cards.length);
        // A gap of a sixth of a card leaves room for the HELD plate and the winning glow.
        const cardH = Math.min(rowH - 2 * labelH - 24, (cellW / (slots + (slots - 1) / 6)) * 1.4);
        const cardW = cardH / 1.4;
        const gap = cardW / 6;
        const cap = label(g.label, { fontSize: 22, fill: COLORS.gold, letterSpacing: 1 });
        cap.position.set(x + cellW / 2, y + labelH / 2);
        fitText(cap, cellW, labelH);
        this.content.addChild(cap);
        const totalW = g.cards.length * cardW + (g.cards.length - 1) * gap;
        const x0 = x + (cellW - totalW) / 2;
        g.cards.forEach((c, i) => {
          const v = new CardView(cardW, cardH);
          v.position.set(x0 + i * (cardW + gap), y + labelH + 14);
          v.setCard(c.code, 'none');
          v.setMarks({
            held: c.held,
            heldText: t(language, 'card.held'),
            winning: c.winning,
            discarded: c.discarded,
            discardedText: t(language, 'card.discarded'),
          });
          this.content.addChild(v);
        });
        this.drawnCards.push({ group: g.name, codes: g.cards.map((c) => c.code) });
        if (g.note) {
          const note = label(g.note, { fontSize: 22, fill: COLORS.white });
          note.position.set(x + cellW / 2, y + labelH + cardH + 22 + labelH / 2);
          fitText(note, cellW, labelH);
          this.content.addChild(note);
        }
      });
      y += rowH;
    }
    return y + GAP;
  }

  /**
   * Doors, keys and the deck's buttons seen in a test as lamps, never as buttons: a round light
   * (lit when on, green once seen, dark when off) and its words beside it at their full size,
   * flowing on as many lines as they need.
   */
  private drawIndicators(svc: ServiceModel, area: Rect): number {
    const h = 36;
    let x = area.x;
    let y = area.y;
    for (const ind of svc.indicators) {
      const text = label(
        ind.label,
        { fontSize: 22, fill: ind.state === 'off' ? COLORS.dim : COLORS.goldLight },
        0,
        0.5,
      );
      const w = 30 + text.width;
      if (x > area.x && x + w > area.x + area.w) {
        x = area.x;
        y += h + 4;
      }
      const lamp = ind.state === 'on' ? 0xffd84a : ind.state === 'seen' ? 0x43c46f : 0x2a3330;
      const g = new Graphics();
      g.circle(x + 10, y + h / 2, 9)
        .fill(lamp)
        .stroke({ width: 1, color: 0x000000, alpha: 0.6 });
      if (ind.state === 'on') g.circle(x + 10, y + h / 2, 14).fill({ color: lamp, alpha: 0.25 });
      text.position.set(x + 28, y + h / 2);
      this.content.addChild(g, text);
      x += w + 36;
    }
    return y + h + GAP;
  }

  private drawTable(table: ServiceTable, area: Rect): number {
    const headH = 40;
    const rowH = table.compact ? 32 : 38;
    // Each column's place from its share of the width; the header and each row fill the columns in turn.
    const columns: { x: number; w: number; right: boolean }[] = [];
    let x = area.x + 12;
    for (const [i, share] of table.widths.entries()) {
      columns.push({ x, w: share * (area.w - 24) - 12, right: table.numeric[i] ?? false });
      x += share * (area.w - 24);
    }
    const cell = (text: string, i: number, fill: number, bold: boolean, head = false): Text => {
      const col = columns[i]!;
      const wrap = table.wrap === true && !col.right && !head;
      return label(
        text,
        { fontSize: 22, fill, fontWeight: bold ? '700' : '400', wordWrap: wrap, wordWrapWidth: col.w, lineHeight: 28 },
        col.right ? 1 : 0,
        0.5,
      );
    };
    const made = table.rows.map((r) =>
      r.cells.slice(0, columns.length).map((text, i) => cell(text, i, TONE_INK[r.tone], r.tone !== 'plain')),
    );
    // A wrapped row is as tall as its longest cell's lines; the rows that fit the area are drawn.
    const heights = made.map((texts) => Math.max(rowH, ...texts.map((t) => t.height + 10)));
    const room = area.h - headH - (table.pageText ? 34 : 0);
    let fit = 0;
    for (let used = 0; fit < heights.length && used + heights[fit]! <= room; fit++) used += heights[fit]!;
    const tops: number[] = [];
    let h = headH;
    for (let i = 0; i < fit; i++) {
      tops.push(area.y + h);
      h += heights[i]!;
    }
    const g = new Graphics();
    g.roundRect(area.x, area.y, area.w, h + 8, 12)
      .fill({ color: 0x000000, alpha: 0.45 })
      .stroke({ width: 2, color: COLORS.goldDark });
    g.rect(area.x + 2, area.y + 2, area.w - 4, headH - 2).fill({ color: COLORS.goldDark, alpha: 0.5 });
    tops.forEach((top, i) => {
      if (i % 2 === 1) g.rect(area.x + 2, top, area.w - 4, heights[i]!).fill({ color: 0xffffff, alpha: 0.04 });
    });
    this.content.addChild(g);
    if (fit < made.length) overflowed.set(g, `table rows cut: ${fit} of ${made.length} drawn`);
    const place = (texts: readonly Text[], y: number, rh: number, head = false): void =>
      texts.forEach((tx, i) => {
        const col = columns[i]!;
        tx.position.set(col.right ? col.x + col.w : col.x, y + rh / 2);
        if (head || !(table.wrap === true && !col.right)) fitText(tx, col.w, rh - 6);
        this.content.addChild(tx);
      });
    place(
      table.columns.slice(0, columns.length).map((c, i) => cell(c, i, COLORS.goldLight, true, true)),
      area.y,
      headH,
      true,
    );
    for (let i = 0; i < fit; i++) place(made[i]!, tops[i]!, heights[i]!);
    for (const texts of made.slice(fit)) for (const tx of texts) tx.destroy();
    let y = area.y + h + 8;
    if (table.pageText) {
      const p = label(table.pageText, { fontSize: 22, fill: COLORS.dim, fontWeight: '400' }, 1, 0.5);
      p.position.set(area.x + area.w - 6, y + 16);
      this.content.addChild(p);
      y += 34;
    }
    return y + GAP;
  }

  private drawNotice(notice: string, area: Rect, tone: 'bad' | 'info' = 'bad'): void {
    const g = new Graphics();
    g.roundRect(area.x, area.y + 2, area.w, area.h - 6, 10)
      .fill({ color: tone === 'bad' ? COLORS.redDark : TONE_PLATE.info, alpha: 0.9 })
      .stroke({ width: 2, color: COLORS.gold });
    const text = label(notice, { fontSize: 24, fill: COLORS.white });
    text.position.set(area.x + area.w / 2, area.y + area.h / 2);
    fitText(text, area.w - 24, area.h - 10);
    this.content.addChild(g, text);
  }
}

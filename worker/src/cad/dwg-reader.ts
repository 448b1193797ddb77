import { createRequire } from 'node:module';
import path from 'node:path';
import { LibreDwg, type DwgDatabase, type DwgEntity, type DwgLayerTableEntry, type LibreDwgEx } from '@mlightcad/libredwg-web';
import { AppError } from '#shared/errors';
import { aciToRgb, dwgWeight, layerKey, type CadBlock, type CadDocument, type CadLayer } from './document';

/** LibreDWG's error bits from this one up are critical: the drawing could not be read. */
const DWG_ERR_CRITICAL = 128;
/** The package exports only its entry (in dist/); the .wasm file sits in wasm/ beside it. */
const WASM_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('@mlightcad/libredwg-web')), '..', 'wasm');

/** A fresh LibreDWG instance (compiling its WebAssembly takes a moment: start it early). */
export const startLibreDwg = (): Promise<LibreDwgEx> => LibreDwg.create(WASM_DIR);

/**
 * Parses DWG bytes with LibreDWG compiled to WebAssembly. Call it in a worker thread that can be
 * terminated: a hostile file can make the parser spin, and WebAssembly cannot be interrupted.
 */
export async function readDwg(bytes: Uint8Array, lib?: LibreDwgEx): Promise<CadDocument> {
  lib ??= await startLibreDwg();
  const file = 'input.dwg';
  lib.FS.writeFile(file, bytes);
  // The raw call, not `dwg_read_data`: that one only warns about critical errors and hands back
  // a half-read drawing.
  const result = lib.dwg_read_file(file) as { error: number; data: number };
  lib.FS.unlink(file);
  if (!result.data || result.error >= DWG_ERR_CRITICAL) throw new AppError('DRAWING_DAMAGED', `LibreDWG error ${result.error}`);
  let db: DwgDatabase;
  try {
    db = lib.convert(result.data);
    if (lib.dwg_get_version_type(result.data).version < R2007) repairLegacyLeaderText(db);
  } catch (e) {
    throw new AppError('DRAWING_DAMAGED', `LibreDWG could not convert the drawing: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    lib.dwg_free(result.data);
  }
  return fromDatabase(db);
}

/** libredwg-web's `DwgVersion.version` of AutoCAD 2007 (AC1021), the first with UTF-16 strings. */
const R2007 = 27;

/**
 * libredwg-web reads the text of a multileader in a pre-2007 drawing as UTF-16 although it is
 * stored as 8-bit text, so "xx\\P" arrives as two CJK-looking characters. When every character
 * is such a pair of printable bytes, the bytes are the text.
 */
function repairLegacyLeaderText(db: DwgDatabase) {
  const fix = (s: string) => {
    const units = [...s].map((c) => c.charCodeAt(0));
    const printable = (b: number) => b >= 0x20 && b < 0x7f;
    if (!units.length || !units.every((u) => printable(u & 0xff) && (printable(u >> 8) || u >> 8 === 0))) return s;
    return units.map((u) => String.fromCharCode(u & 0xff) + (u >> 8 ? String.fromCharCode(u >> 8) : '')).join('');
  };
  const visit = (entities: DwgEntity[]) => {
    for (const e of entities) {
      const leader = e as DwgEntity & { textContent?: string };
      if (e.type === 'MULTILEADER' && leader.textContent) leader.textContent = fix(leader.textContent);
    }
  };
  for (const record of db.tables.BLOCK_RECORD?.entries ?? []) visit(record.entities ?? []);
  visit(db.entities);
}

function fromDatabase(db: DwgDatabase): CadDocument {
  const entries = db.tables.LAYER?.entries ?? [];
  // Drawings older than AutoCAD 2000 have no plot flag, and LibreDWG reports 0 for every layer.
  const hasPlotFlags = entries.some((l) => l.plotFlag);
  const layers = new Map<string, CadLayer>(entries.map((l) => [layerKey(l.name), toLayer(l, hasPlotFlags)]));

  const blocks = new Map<string, CadBlock>();
  const blockNameByHandle = new Map<string, string>();
  let modelSpace: CadBlock | undefined;
  let paperSpace: CadBlock | undefined;
  for (const record of db.tables.BLOCK_RECORD?.entries ?? []) {
    const block = { name: record.name, basePoint: record.basePoint ?? { x: 0, y: 0 }, entities: record.entities ?? [] };
    const key = record.name.toUpperCase();
    if (key === '*MODEL_SPACE') modelSpace = block;
    else if (key === '*PAPER_SPACE') paperSpace = block;
    blocks.set(key, block);
    if (record.handle) blockNameByHandle.set(record.handle, record.name);
  }
  return {
    layers,
    blocks,
    blockNameByHandle,
    dimTextHeight: dimTextHeight(db.header as unknown as Record<string, unknown>),
    modelSpace: modelSpace?.entities ?? db.entities.filter((e) => !e.isInPaperSpace),
    paperSpace: paperSpace?.entities ?? [],
  };
}

function dimTextHeight(header: Record<string, unknown>): number | undefined {
  const text = Number(header.DIMTXT);
  const scale = Number(header.DIMSCALE);
  return text > 0 ? text * (scale > 0 ? scale : 1) : undefined;
}

function toLayer(l: DwgLayerTableEntry, hasPlotFlags: boolean): CadLayer {
  const indexed = l.colorIndex >= 1 && l.colorIndex <= 255;
  const weight = dwgWeight(l.lineweight);
  return {
    name: l.name,
    rgb: indexed ? aciToRgb(l.colorIndex) : (l.color ?? 0xffffff),
    weightMm: typeof weight === 'object' ? weight.mm : undefined,
    hidden: l.off || l.frozen || (hasPlotFlags && !l.plotFlag) || l.name.toUpperCase() === 'DEFPOINTS',
  };
}

// Registers the basic cell types (imported once by the table).
import { registerChoiceCells } from './choice';
import { registerDateCells } from './date';
import { registerRowCells } from './row';
import { registerTextCells } from './text';

registerTextCells();
registerChoiceCells();
registerDateCells();
registerRowCells();

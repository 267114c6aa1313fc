// moved to components/JPopup (shared with the online form's popup view); kept for the cell's tests
export { PopupModal, type PopupModalProps } from '../../../JPopup/PopupModal';

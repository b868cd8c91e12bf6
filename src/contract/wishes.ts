// What the screen may ask of the cabinet: the cabinet's own declaration of its wishes
// (src/cabinet/vocabulary), carried as it is.

export {
  WISH,
  WISH_PROBES,
  WISH_TYPES,
  type Wish,
  type WishProbe,
  type WishType,
} from '../cabinet/vocabulary/wish-schema';

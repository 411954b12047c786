export const PRODUCT_NAME = 'Earshot';
export const PRODUCT_TAGLINE = 'Share your voice with the world';

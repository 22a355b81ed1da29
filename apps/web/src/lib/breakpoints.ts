/** SPEC section 9: the public drawer serves screens up to 1024 px wide. */
export const DRAWER_MEDIA_QUERY = '(max-width: 1024px)';
/** Admin sidebar: choosing an item closes it up to 767 px; an outside press closes it below 1025 px. */
export const ADMIN_CLOSE_ON_NAVIGATE_QUERY = '(max-width: 767px)';
export const ADMIN_CLOSE_ON_OUTSIDE_QUERY = '(max-width: 1024px)';
/** Lists that are tables on a wide screen become cards up to 767 px, so a phone never scrolls sideways. */
export const CARDS_MEDIA_QUERY = '(max-width: 767px)';

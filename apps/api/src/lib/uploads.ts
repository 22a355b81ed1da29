import path from 'node:path';

/** Where stored profile images are served from. */
export const UPLOADS_URL_PREFIX = '/uploads/';

/** Where stored profile images are kept. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

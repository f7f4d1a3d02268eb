export const PAGE_REVALIDATE_SECONDS: number;
export const PAGE_EXPIRE_SECONDS: number;

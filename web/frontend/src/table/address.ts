// The table page's addresses: the table its own address names, and the address its Invite shares.

/** The table id of `/table/<id>` (the page's path, a proxy's prefix before it allowed). */
export function tableIdOf(pathname: string): string {
  const found = /\/table\/([^/]+)\/?$/.exec(pathname);
  return found?.[1] === undefined ? "" : decodeURIComponent(found[1]);
}

/** The invitation to `table` from a page at `href`: the table's own address, or inside Discord the
 * Activity's address as it is (Discord's parameters are what open the Activity there). */
export function invitationUrl(table: string, href: string, activity: boolean): string {
  return activity ? href : new URL(`/table/${encodeURIComponent(table)}`, href).href;
}

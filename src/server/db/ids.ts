/** The form of the uuid ids the tables keep (orders, contact messages…): a value of another form names no row. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

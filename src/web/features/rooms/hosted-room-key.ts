/** Where a tab keeps the room it hosts (code and secrets), so a reload keeps hosting it. */
export const HOSTED_ROOM_KEY = 'whirl-live-room'

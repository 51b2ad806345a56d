// The categories module's front door.

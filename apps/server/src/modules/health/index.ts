// The health module's front door.

// The verification module's front door.

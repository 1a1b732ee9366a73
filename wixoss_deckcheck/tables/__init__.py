"""The Python side of the format tables (formats/*.yaml): loading, extends, dates, Mayu's Room, icons."""

"""frontend — server-rendered pages, one vanilla ES module per page, no build step."""

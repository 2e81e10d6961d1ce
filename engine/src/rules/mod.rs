//! The rules sandbox for trading-card-style content (ChiAxis 19 and 22, Grand Archive restrictions).

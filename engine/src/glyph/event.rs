//! What a glyph network run records: one event per step, each with its cause, and one summary
//! per round (the JSON `rounds` entries plus which glyphs shine).

use std::fmt;
use std::ops::Range;

/// Which of a glyph's abilities did something.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AbilityRef {
    /// The n-th (0-based) entry of the glyph's `abilities`.
    Listed(usize),
    /// The built-in `dismiss_on` Free Reaction.
    DismissOn,
    /// The built-in `disable_on` Free Reaction.
    DisableOn,
}

impl fmt::Display for AbilityRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AbilityRef::Listed(i) => write!(f, "ability {}", i + 1),
            AbilityRef::DismissOn => f.write_str("built-in dismiss_on"),
            AbilityRef::DisableOn => f.write_str("built-in disable_on"),
        }
    }
}

/// Why a link broke.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LinkBreak {
    /// A move left its glyphs this far apart, beyond Spitting Distance (4u).
    Distance(f64),
    /// One of its glyphs was dismissed.
    Dismissed,
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GlyphEnd {
    /// A round ended with nothing waiting and nothing scheduled later.
    Quiet,
    /// Round `max_rounds` was played and the network was still busy: a runaway.
    MaxRounds,
    /// Project extension: the next round would have delivered more commands than the engine's
    /// limit ([`crate::glyph::run::MAX_DELIVERIES`] in a run): a runaway that multiplies.
    Flood,
}

impl GlyphEnd {
    /// The value printed as `"end"` in the JSON.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            GlyphEnd::Quiet => "quiet",
            GlyphEnd::MaxRounds => "max_rounds",
            GlyphEnd::Flood => "flood",
        }
    }
}

/// What happened in one step.
#[derive(Debug, Clone, PartialEq)]
pub enum GlyphEventKind {
    /// A scheduled move happened.
    Moved {
        /// The glyph.
        glyph: String,
        /// Where it is now.
        to: (f64, f64),
    },
    /// A link broke for good.
    LinkBroken {
        /// First glyph, as written in the file.
        a: String,
        /// Second glyph, as written in the file.
        b: String,
        /// Why.
        why: LinkBreak,
    },
    /// A glyph received a command.
    Received {
        /// The glyph that received it.
        glyph: String,
        /// The command.
        command: String,
        /// The glyph that sent it last round, or `None` for an injection.
        from: Option<String>,
    },
    /// A glyph noticed something other than a command (seen, touched, a letter traced, a
    /// connection made or broken, its own state or counter changing, the network starting).
    Noticed {
        /// The glyph.
        glyph: String,
        /// What it noticed, in words (`<seen by a creature>`).
        what: String,
    },
    /// A timed ability (Time: Action with a delay) started; it takes effect in round `due`.
    Started {
        /// The glyph.
        glyph: String,
        /// Which ability (0-based index in `abilities`).
        ability: usize,
        /// What triggered it.
        command: String,
        /// The round it takes effect in.
        due: u32,
    },
    /// A glyph's state, counter or links changed (or a `Connect` was refused), in words.
    Changed {
        /// The glyph.
        glyph: String,
        /// What changed.
        what: String,
    },
    /// A disabled glyph did not receive a command meant for it.
    Blocked {
        /// The disabled glyph.
        glyph: String,
        /// The command it missed.
        command: String,
        /// The last round it is disabled in.
        until: u32,
    },
    /// An ability (or built-in) fired on a received command.
    Fired {
        /// The glyph.
        glyph: String,
        /// Which ability.
        ability: AbilityRef,
        /// The command it answered.
        command: String,
        /// Whether it spent the glyph's Beat (a Reaction).
        spent_beat: bool,
    },
    /// A Reaction could not fire: the glyph's Beat was already spent this round.
    Skipped {
        /// The glyph.
        glyph: String,
        /// Which ability (0-based index in `abilities`).
        ability: usize,
        /// The command it would have answered.
        command: String,
    },
    /// A glyph sent a command (and shone).
    Sent {
        /// The glyph.
        glyph: String,
        /// The command, delivered next round.
        command: String,
    },
    /// A named effect happened.
    Effect {
        /// The glyph.
        glyph: String,
        /// The effect's name.
        effect: String,
    },
    /// A glyph was dismissed.
    Dismissed {
        /// The glyph.
        glyph: String,
    },
    /// A glyph was disabled.
    Disabled {
        /// The glyph.
        glyph: String,
        /// The last round it receives nothing in.
        until: u32,
    },
    /// The run ended after this round.
    Ended {
        /// How.
        end: GlyphEnd,
    },
}

/// Which ability of which glyph did something (the typed part of a [`GlyphCause`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GlyphSource {
    /// The glyph's id.
    pub glyph: String,
    /// Which of its abilities.
    pub ability: AbilityRef,
}

impl fmt::Display for GlyphSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} of {}", self.ability, self.glyph)
    }
}

/// Why a glyph event happened: the glyph ability that did it, and the event it answers.
pub type GlyphCause = crate::core::Cause<GlyphSource>;

/// One step of a run, with its cause and a sentence saying what happened.
#[derive(Debug, Clone, PartialEq)]
pub struct GlyphEvent {
    /// The round it happened in.
    pub round: u32,
    /// What happened.
    pub kind: GlyphEventKind,
    /// Why: `after` is the index (in the run's log) of the event this one answers: a
    /// `Received` points at the `Sent` it delivers (none for injections), a
    /// `Fired`/`Skipped` at the `Received` that triggered it, a `Sent`/`Effect`/`Dismissed`/
    /// `Disabled` at its `Fired`; `ability` is the glyph ability that acted. Walking up this
    /// chain explains "why".
    pub cause: GlyphCause,
    /// Human-readable text.
    pub text: String,
}

impl crate::core::Caused for GlyphEvent {
    type Ability = GlyphSource;

    fn cause(&self) -> &GlyphCause {
        &self.cause
    }
}

/// One round's summary, as the JSON prints it, plus what the editor lights up.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GlyphRound {
    /// The round number, from 1.
    pub round: u32,
    /// `(glyph, command)` in delivery order.
    pub received: Vec<(String, String)>,
    /// `(glyph, command)` in the order sent.
    pub sent: Vec<(String, String)>,
    /// `(glyph, effect)` in the order they happened.
    pub effects: Vec<(String, String)>,
    /// `(glyph, command)` for each Reaction skipped for want of a Beat.
    pub skipped: Vec<(String, String)>,
    /// `(glyph, what)` for everything noticed that is not a command (project extension; the
    /// JSON lists it only when not empty).
    pub noticed: Vec<(String, String)>,
    /// Glyphs that shone (sent at least one command) this round, in file order.
    pub shining: Vec<String>,
    /// This round's events, as a range of the run's log.
    pub events: Range<usize>,
}

/// Formats a position without trailing zeros noise: `(6, 0)`, `(0.5, 1.25)`.
#[must_use]
pub fn format_pos(pos: (f64, f64)) -> String {
    format!("({}, {})", pos.0, pos.1)
}

/// A command in a sentence, in typographic quotes ("“alarm”"); a stimulus that is not a command
/// (`<"A" traced>`, `<connection made>`) in words, its letters quoted: “A” traced.
fn said(command: &str) -> String {
    match command.strip_prefix('<').and_then(|c| c.strip_suffix('>')) {
        Some(inner) => {
            let mut out = String::new();
            for (i, part) in inner.split('"').enumerate() {
                if i > 0 {
                    out.push(if i % 2 == 1 { '“' } else { '”' });
                }
                out.push_str(part);
            }
            out
        }
        None => crate::wording::quoted(command),
    }
}

impl GlyphEventKind {
    /// The sentence for this event.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            GlyphEventKind::Moved { glyph, to } => format!("{glyph} is moved to {}, {}", to.0, to.1),
            GlyphEventKind::LinkBroken { a, b, why } => match why {
                LinkBreak::Distance(d) => format!(
                    "link {a}–{b} breaks for good: {d:.2}u apart, beyond Spitting Distance of 4u"
                ),
                LinkBreak::Dismissed => format!("link {a}–{b} is gone with its dismissed glyph"),
            },
            GlyphEventKind::Received {
                glyph,
                command,
                from,
            } => match from {
                None => format!("{glyph} receives {}, injected", said(command)),
                Some(sender) if sender == glyph => {
                    format!("{glyph} receives its own {}, sent last round", said(command))
                }
                Some(sender) => {
                    format!(
                        "{glyph} receives {} from {sender}, sent last round",
                        said(command)
                    )
                }
            },
            GlyphEventKind::Noticed { glyph, what } => format!("{glyph} notices {}", said(what)),
            GlyphEventKind::Started {
                glyph,
                ability,
                command,
                due,
            } => format!(
                "{glyph}: ability {}, an Action, starts on {}; it takes effect in round {due}",
                ability + 1,
                said(command)
            ),
            GlyphEventKind::Changed { glyph, what } => format!("{glyph}: {what}"),
            GlyphEventKind::Blocked {
                glyph,
                command,
                until,
            } => format!(
                "{glyph} is disabled until the end of round {until} and does not receive {}",
                said(command)
            ),
            GlyphEventKind::Fired {
                glyph,
                ability,
                command,
                spent_beat,
            } => {
                let time = if *spent_beat {
                    "as a Reaction and spends its Beat"
                } else {
                    "as a Free Reaction"
                };
                format!("{glyph}: {ability} answers {} {time}", said(command))
            }
            GlyphEventKind::Skipped {
                glyph,
                ability,
                command,
            } => format!(
                "{glyph}: ability {}, a Reaction on {}, is skipped: its Beat is already spent this round",
                ability + 1,
                said(command)
            ),
            GlyphEventKind::Sent { glyph, command } => {
                format!("{glyph} shines and sends {}, delivered next round", said(command))
            }
            GlyphEventKind::Effect { glyph, effect } => format!("{glyph}: effect “{effect}”"),
            GlyphEventKind::Dismissed { glyph } => {
                format!("{glyph} is dismissed for good, with its links")
            }
            GlyphEventKind::Disabled { glyph, until } => {
                format!("{glyph} is disabled: it receives nothing up to and including round {until}")
            }
            GlyphEventKind::Ended { end } => match end {
                GlyphEnd::Quiet => "the network is quiet: nothing waits and nothing is scheduled".to_owned(),
                GlyphEnd::MaxRounds => {
                    "max_rounds reached while the network is still busy: a runaway".to_owned()
                }
                GlyphEnd::Flood => {
                    "stopped: the next round would deliver more commands than the engine's limit: a runaway that multiplies".to_owned()
                }
            },
        }
    }
}

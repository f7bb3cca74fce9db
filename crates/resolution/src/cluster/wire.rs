//! The messages between ranks and their bytes: a tag byte, then little-endian fields.
//! Generators and quasi-inverses are the save format's payloads (`save::wire`).

use crate::bidegree::Bidegree;

/// One message.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Message {
    /// Follower → leader, first: its build, the run's identity and its worker threads.
    Hello {
        build: [u8; 32],
        run: Vec<u8>,
        threads: u32,
    },
    /// Leader → follower: the generators payload of a completed bidegree.
    Complete { at: Bidegree, gens: Vec<u8> },
    /// Leader → follower, after the completed bidegrees of a resume: compute from now on;
    /// whether to ship quasi-inverses.
    Start { want_qi: bool },
    /// Leader → follower: compute active node `node`.
    Task { node: u32 },
    /// Follower → leader: node `node` computed in `nanos`; its generators payload and
    /// quasi-inverse payload (empty: none).
    Done {
        node: u32,
        nanos: u64,
        gens: Vec<u8>,
        qi: Vec<u8>,
    },
    /// Follower → leader: node `node`'s step failed.
    Failed { node: u32, message: String },
    /// Either way: alive.
    Heartbeat,
    /// Leader → follower: the run is over (`ok`) or stopped.
    Stop { ok: bool },
}

impl Message {
    /// The bytes of this message.
    pub(super) fn encode(&self) -> Vec<u8> {
        let mut w = Vec::new();
        match self {
            Message::Hello {
                build,
                run,
                threads,
            } => {
                w.push(0);
                w.extend_from_slice(build);
                put_bytes(&mut w, run);
                w.extend_from_slice(&threads.to_le_bytes());
            }
            Message::Complete { at, gens } => {
                w.push(1);
                w.extend_from_slice(&at.s().to_le_bytes());
                w.extend_from_slice(&at.t().to_le_bytes());
                w.extend_from_slice(gens);
            }
            Message::Start { want_qi } => w.extend_from_slice(&[2, u8::from(*want_qi)]),
            Message::Task { node } => {
                w.push(3);
                w.extend_from_slice(&node.to_le_bytes());
            }
            Message::Done {
                node,
                nanos,
                gens,
                qi,
            } => {
                w.push(4);
                w.extend_from_slice(&node.to_le_bytes());
                w.extend_from_slice(&nanos.to_le_bytes());
                put_bytes(&mut w, gens);
                w.extend_from_slice(qi);
            }
            Message::Failed { node, message } => {
                w.push(5);
                w.extend_from_slice(&node.to_le_bytes());
                w.extend_from_slice(message.as_bytes());
            }
            Message::Heartbeat => w.push(6),
            Message::Stop { ok } => w.extend_from_slice(&[7, u8::from(*ok)]),
        }
        w
    }

    /// The message in `bytes`. Errors: what is wrong with them.
    pub(super) fn decode(bytes: &[u8]) -> Result<Message, String> {
        let (&tag, rest) = bytes.split_first().ok_or("an empty message")?;
        let mut r = Fields(rest);
        let m = match tag {
            0 => Message::Hello {
                build: r.take(32)?.try_into().expect("32 bytes"),
                run: r.bytes()?.to_vec(),
                threads: r.u32()?,
            },
            1 => Message::Complete {
                at: Bidegree::s_t(r.u32()?, r.u32()? as i32),
                gens: r.rest().to_vec(),
            },
            2 => Message::Start {
                want_qi: r.u8()? != 0,
            },
            3 => Message::Task { node: r.u32()? },
            4 => Message::Done {
                node: r.u32()?,
                nanos: r.u64()?,
                gens: r.bytes()?.to_vec(),
                qi: r.rest().to_vec(),
            },
            5 => Message::Failed {
                node: r.u32()?,
                message: String::from_utf8_lossy(r.rest()).into_owned(),
            },
            6 => Message::Heartbeat,
            7 => Message::Stop { ok: r.u8()? != 0 },
            t => return Err(format!("unknown message tag {t}")),
        };
        r.finish()?;
        Ok(m)
    }
}

/// A length (u32) then the bytes.
fn put_bytes(w: &mut Vec<u8>, bytes: &[u8]) {
    w.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
    w.extend_from_slice(bytes);
}

/// The fields of a message, read in order.
struct Fields<'a>(&'a [u8]);

impl<'a> Fields<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        if self.0.len() < n {
            return Err(format!("{} bytes where {n} were expected", self.0.len()));
        }
        let (head, tail) = self.0.split_at(n);
        self.0 = tail;
        Ok(head)
    }

    fn u8(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }

    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4")))
    }

    fn u64(&mut self) -> Result<u64, String> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().expect("8")))
    }

    fn bytes(&mut self) -> Result<&'a [u8], String> {
        let n = self.u32()? as usize;
        self.take(n)
    }

    fn rest(&mut self) -> &'a [u8] {
        std::mem::take(&mut self.0)
    }

    fn finish(&self) -> Result<(), String> {
        match self.0.len() {
            0 => Ok(()),
            n => Err(format!("{n} trailing bytes")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_round_trips_and_truncation_is_an_error() {
        let messages = [
            Message::Hello {
                build: [7; 32],
                run: vec![1, 2, 3],
                threads: 4,
            },
            Message::Complete {
                at: Bidegree::s_t(3, 17),
                gens: vec![9; 20],
            },
            Message::Start { want_qi: true },
            Message::Task { node: 12345 },
            Message::Done {
                node: 5,
                nanos: 1 << 40,
                gens: vec![1, 2],
                qi: vec![3, 4, 5],
            },
            Message::Failed {
                node: 2,
                message: "boom".into(),
            },
            Message::Heartbeat,
            Message::Stop { ok: false },
        ];
        for m in messages {
            let bytes = m.encode();
            assert_eq!(Message::decode(&bytes).unwrap(), m);
            if matches!(m, Message::Hello { .. } | Message::Task { .. }) {
                assert!(Message::decode(&bytes[..bytes.len() - 1]).is_err());
            }
        }
        assert!(Message::decode(&[]).is_err());
        assert!(Message::decode(&[99]).is_err());
    }
}

# An HIS result receiver for the tests, made of python-hl7's own MLLP server and ACK (Debian python3-hl7):
# the framing, parsing and answer are that library's, not ours. Prints "listening <port>" once, then one JSON
# line per message received (its type, control id, and the message as text). Each answer's MSA-1 is read from
# the file named by the third argument at that moment (AA, AE or AR; AA when the file is empty or missing).
import asyncio, json, sys
import hl7
from hl7.mllp import start_hl7_server

PORT, ENCODING, MODE = int(sys.argv[1]), sys.argv[2], sys.argv[3]

def mode():
    try:
        with open(MODE) as f:
            return f.read().strip() or "AA"
    except FileNotFoundError:
        return "AA"

async def handle(reader, writer):
    try:
        while not writer.is_closing():
            msg = await reader.readmessage()
            msh = msg.segment("MSH")
            # Each OBX as python-hl7 reads it: OBX-3 (code), OBX-5 (value), OBX-8 (abnormal flags), OBX-11 (status).
            obx = [[str(seg[3]), str(seg[5]), str(seg[8]), str(seg[11])] for seg in msg.segments("OBX")]
            print(json.dumps({"type": str(msh[9]), "id": str(msh[10]), "text": str(msg), "obx": obx}, ensure_ascii=False), flush=True)
            writer.writemessage(msg.create_ack(ack_code=mode()))
            await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionResetError):
        pass
    finally:
        writer.close()

async def main():
    async with await start_hl7_server(handle, host="127.0.0.1", port=PORT, encoding=ENCODING) as server:
        print("listening", server.sockets[0].getsockname()[1], flush=True)
        await server.serve_forever()

asyncio.run(main())
